import { useEffect, useRef, type ReactNode } from 'react';

/** Moves focus to the element marked `data-autofocus` inside `root`, or else to its first heading. */
export function focusFirst(root: HTMLElement | null): void {
  const target = root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>('h2');
  target?.focus();
}

type Props = {
  /** The id of the heading that names the dialog. */
  titleId: string;
  /** Escape and the close controls ask for this; the owner unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
};

/**
 * A modal dialog (native <dialog> opened with showModal): the rest of the page is inert while
 * it is open, Escape closes it, and focus goes back to what opened it when it closes.
 */
export function Dialog({ titleId, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    focusFirst(dialog);
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50"
    >
      {children}
    </dialog>
  );
}

import { useRef, useState, type Ref } from 'react';

/** The outcome of an action on a record's page, announced and focused; empty until there is one. */
export function StatusAnnouncement({ text, ref }: { text: string; ref: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} tabIndex={-1} role="status" className={text ? 'rounded-lg bg-brand-50 p-3 text-brand-900' : ''}>
      {text}
    </p>
  );
}

/**
 * A page's StatusAnnouncement (`announcement`, to place under its header) and `announce`, which
 * shows a message there and focuses it.
 */
export function useStatusAnnouncement() {
  const [text, setText] = useState('');
  const ref = useRef<HTMLParagraphElement>(null);
  const announce = (message: string) => {
    setText(message);
    // Focus once the text is on screen, so a screen reader reads it and the keyboard starts there.
    requestAnimationFrame(() => ref.current?.focus());
  };
  return { announce, announcement: <StatusAnnouncement ref={ref} text={text} /> };
}

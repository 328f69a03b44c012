/** A button-like label that opens the phone's camera or gallery; the chosen file goes to `onFile`. */
export function PhotoPicker({
  id,
  label,
  accepted,
  capture,
  busy,
  onFile,
}: {
  id: string;
  label: string;
  accepted: readonly string[];
  capture?: 'user' | 'environment';
  busy: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 font-semibold focus-within:ring-2 focus-within:ring-brand-700 ${busy ? 'opacity-60' : ''}`}
      >
        {label}
        <input
          id={id}
          type="file"
          className="sr-only"
          accept={accepted.join(',')}
          capture={capture}
          // Not disabled while busy, so focus stays on it; a choice meanwhile is not taken.
          aria-disabled={busy}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again is a new choice.
            event.target.value = '';
            if (!busy) onFile(file);
          }}
        />
      </label>
    </div>
  );
}

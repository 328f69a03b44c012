/** Placeholder cards while something loads; `label` says what is loading, once, to screen readers. */
export function SkeletonList({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="animate-pulse space-y-2 rounded-lg border border-stone-200 bg-white p-4">
            <div className="h-5 w-1/2 rounded bg-stone-200" />
            <div className="h-4 w-3/4 rounded bg-stone-100" />
            <div className="h-4 w-2/3 rounded bg-stone-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

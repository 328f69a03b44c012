/** Five stars, `rating` of them filled, for the eye only: the text beside them says the rating. */
export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex shrink-0 text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 20 20" className={className} fill={n <= Math.round(rating) ? 'currentColor' : 'none'}>
          <path
            stroke="currentColor"
            strokeWidth="1.5"
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z"
          />
        </svg>
      ))}
    </span>
  );
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

function Star({ fill }: { fill: number }) {
  const id = `star-${Math.round(fill * 100)}`;
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset={`${fill * 100}%`} stopColor="currentColor" />
          <stop offset={`${fill * 100}%`} stopColor="transparent" />
        </linearGradient>
      </defs>
      <path d={STAR_PATH} fill={`url(#${id})`} stroke="currentColor" strokeWidth="1" />
    </svg>
  );
}

interface RatingStarsProps {
  rating: number;
  numReviews?: number;
}

/** Five stars filled to the rating, with the rating in words for screen readers. */
export function RatingStars({ rating, numReviews }: RatingStarsProps) {
  const label = `Rated ${rating.toFixed(1)} out of 5`;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted">
      <span className="inline-flex text-accent" role="img" aria-label={label}>
        {[0, 1, 2, 3, 4].map((index) => (
          <Star key={index} fill={Math.min(1, Math.max(0, rating - index))} />
        ))}
      </span>
      {numReviews !== undefined && (
        <span>
          {numReviews} {numReviews === 1 ? 'review' : 'reviews'}
        </span>
      )}
    </span>
  );
}

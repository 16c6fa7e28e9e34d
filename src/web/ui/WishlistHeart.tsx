import { useWishlistEntry } from '../api/wishlist';

interface WishlistHeartProps {
  product: string;
  /** The variant to keep; null for the product itself. */
  variant: string | null;
  /** What the shopper would keep, in words: `Silver Band Ring`, `Silver Band Ring (Ring size: N)`. */
  name: string;
  className?: string;
  /** The heart's own size: the card's, or the product page's. */
  size?: 'small' | 'large';
}

const SIZES = { small: 'size-5', large: 'size-6' } as const;

/** A heart that keeps a product on the shopper's wishlist, or takes it off; pressed while kept. */
export function WishlistHeart({
  product,
  variant,
  name,
  className = '',
  size = 'small',
}: WishlistHeartProps) {
  const { onList, toggle, busy } = useWishlistEntry(product, variant);
  return (
    <button
      type="button"
      aria-pressed={onList}
      aria-label={onList ? `Remove ${name} from your wishlist` : `Add ${name} to your wishlist`}
      // Not disabled while the shop answers: a disabled button would drop the keyboard's focus.
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) toggle();
      }}
      className={`inline-flex size-11 items-center justify-center rounded-full bg-page/90 shadow-sm transition-colors hover:text-accent aria-disabled:cursor-wait ${onList ? 'text-accent' : 'text-ink'} ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        fill={onList ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={SIZES[size]}
      >
        <path d="M12 20.5s-7.5-4.4-9.2-9.3C1.6 7.6 4 4 7.6 4c2 0 3.4 1.1 4.4 2.6C13 5.1 14.4 4 16.4 4 20 4 22.4 7.6 21.2 11.2 19.5 16.1 12 20.5 12 20.5z" />
      </svg>
    </button>
  );
}

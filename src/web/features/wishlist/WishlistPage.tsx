import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { wishlistItemOf, type WishlistItem } from '../../../shared/wishlist/wishlist';
import { ApiError } from '../../api/client';
import { productQuery } from '../../api/products';
import { useRemoveFromWishlist, useWishlist } from '../../api/wishlist';
import { withRedirect } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { useGuestWishlist } from '../../state/wishlist-store';
import { textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Skeleton } from '../../ui/Skeleton';
import { WishlistItemRow } from './WishlistItemRow';

const HERE = '/account/wishlist';

function ListSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading your wishlist…</span>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

function EmptyList() {
  return (
    <p className="text-muted">
      Nothing here yet. Tap the heart on anything you like to keep it here.{' '}
      <Link to="/" className={textLinkClass}>
        Browse the shop
      </Link>
    </p>
  );
}

function ItemList({
  items,
  onRemove,
  removing,
}: {
  items: readonly WishlistItem[];
  onRemove: (item: WishlistItem) => void;
  removing?: boolean;
}) {
  if (items.length === 0) return <EmptyList />;
  return (
    <>
      <p className="text-muted">{`${items.length} ${items.length === 1 ? 'item' : 'items'}`}</p>
      <ul aria-label="Your wishlist" className="border-t border-line">
        {items.map((item) => (
          <WishlistItemRow
            key={`${item.product}:${item.variant ?? ''}`}
            item={item}
            onRemove={() => onRemove(item)}
            removing={removing ?? false}
          />
        ))}
      </ul>
    </>
  );
}

/** The signed-in customer's list, kept by the shop. */
function AccountWishlist() {
  const list = useWishlist();
  const removal = useRemoveFromWishlist();
  if (list.isPending) return <ListSkeleton />;
  if (list.isError)
    return <ErrorBox error={list.error} title="Your wishlist could not be loaded" />;
  return (
    <>
      {removal.isError && <ErrorBox error={removal.error} />}
      <ItemList
        items={list.data}
        removing={removal.isPending}
        onRemove={(item) => removal.remove(item.product, item.variant)}
      />
    </>
  );
}

/**
 * A guest's list, kept in this browser: each product is asked of the catalogue, so its price and
 * stock are today's. Something no longer sold (404) is left out.
 */
function GuestWishlist() {
  const entries = useGuestWishlist((state) => state.entries);
  const remove = useGuestWishlist((state) => state.remove);
  const products = useQueries({
    queries: entries.map((entry) => ({ ...productQuery(entry.product), retry: false })),
  });
  const signInPrompt = (
    <div className="mb-6 rounded-shop border border-line bg-sand/40 px-4 py-3">
      <p>
        This list is kept in this browser only.{' '}
        <Link to={withRedirect('/account/login', HERE)} className={textLinkClass}>
          Sign in
        </Link>{' '}
        or{' '}
        <Link to={withRedirect('/account/register', HERE)} className={textLinkClass}>
          create an account
        </Link>{' '}
        to keep it.
      </p>
    </div>
  );
  if (products.some((answer) => answer.isPending)) {
    return (
      <>
        {signInPrompt}
        <ListSkeleton />
      </>
    );
  }
  const failed = products.find(
    (answer) =>
      answer.isError && !(answer.error instanceof ApiError && answer.error.status === 404),
  );
  const items = entries.flatMap((entry, index) => {
    const product = products[index]?.data;
    const item = product && wishlistItemOf(product, entry.variant, entry.addedAt);
    return item ? [item] : [];
  });
  return (
    <>
      {signInPrompt}
      {failed?.error && <ErrorBox error={failed.error} title="Some items could not be shown" />}
      <ItemList items={items} onRemove={(item) => remove(item.product, item.variant)} />
    </>
  );
}

/** `/account/wishlist`: the shop's list for a signed-in customer, this browser's for a guest. */
export function WishlistPage() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return (
    <>
      <title>{`Your wishlist | ${SHOP_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <PageHeading lead="What you are keeping an eye on, at today's prices.">
        Your wishlist
      </PageHeading>
      <div className="max-w-3xl">{signedIn ? <AccountWishlist /> : <GuestWishlist />}</div>
    </>
  );
}

import { Link, useSearchParams } from 'react-router';
import type { MyOrdersPage } from '../../../shared/orders/orders';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useProfile } from '../../api/accounts';
import { useMyOrders } from '../../api/orders';
import { usePanels } from '../../state/panel-store';
import { useSession } from '../../state/session-store';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Skeleton } from '../../ui/Skeleton';
import { LISTING_HEADING, Pagination, pageFromParam } from '../../ui/Pagination';
import { EmailProofNotice } from './EmailProofNotice';
import { MarketingConsents } from './MarketingConsents';
import { OrdersTable, ordersPageAddress } from './OrdersTable';
import { SavedAddresses } from './SavedAddresses';
import { YourData } from './YourData';

const countOf = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** Above the table: how many orders, or, when they fill more than one page, which page this is. */
const ordersWords = ({ orders, page, pages }: MyOrdersPage) =>
  pages === 1 && page === 1 ? countOf(orders.length) : `Page ${page} of ${pages}`;

/**
 * The signed-in shopper's details, saved addresses and orders. Only reached through
 * `RequireSignedIn`.
 */
export function ProfilePage() {
  const userInfo = useSession((state) => state.userInfo);
  const profile = useProfile();
  const [search] = useSearchParams();
  const page = pageFromParam(search.get('page'));
  const orders = useMyOrders(page);
  const openPanel = usePanels((state) => state.open);
  // The stored session shows at once; the server's answer replaces it when it comes.
  const user = profile.data ?? userInfo;
  if (!user) return null;

  return (
    <>
      <title>{`Your account | ${SHOP_NAME}`}</title>
      <PageHeading>Your account</PageHeading>
      <div className="mb-8 empty:hidden">
        <EmailProofNotice />
      </div>
      {/* On a wide screen the orders take the right, the details and saved addresses the left; on a
          phone the orders come before the addresses. */}
      <div className="grid grid-cols-1 gap-12 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] md:grid-rows-[auto_1fr]">
        <section aria-labelledby="account-details-heading" className="flex min-w-0 flex-col gap-5">
          <h2 id="account-details-heading" className="text-xl">
            Details
          </h2>
          <dl className="flex flex-col gap-3">
            <div>
              <dt className="text-sm text-muted">Name</dt>
              <dd className="wrap-anywhere">{user.name || 'Not given'}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Email</dt>
              <dd className="break-all">{user.email}</dd>
            </div>
          </dl>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => openPanel({ kind: 'editProfile' })}
          >
            Edit Account
          </Button>
          <Link to="/account/wishlist" className={`self-start ${textLinkClass}`}>
            Your wishlist
          </Link>
          {profile.isError && (
            <ErrorBox error={profile.error} title="Your details could not be refreshed" />
          )}
        </section>
        <section
          aria-labelledby="account-orders-heading"
          className="flex min-w-0 flex-col gap-4 md:row-span-2"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="account-orders-heading" className="scroll-mt-6 text-xl" {...LISTING_HEADING}>
              Your orders
            </h2>
            {orders.isSuccess && <p className="text-muted">{ordersWords(orders.data)}</p>}
          </div>
          {orders.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-3">
              <span className="sr-only">Loading your orders…</span>
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : orders.isError ? (
            <ErrorBox error={orders.error} title="Your orders could not be loaded" />
          ) : (
            <>
              <OrdersTable orders={orders.data.orders} pastTheEnd={page > orders.data.pages} />
              <Pagination
                page={orders.data.page}
                pages={orders.data.pages}
                label="Pages of your orders"
                hrefFor={ordersPageAddress}
              />
            </>
          )}
        </section>
        <SavedAddresses />
        <MarketingConsents />
        <YourData />
      </div>
    </>
  );
}

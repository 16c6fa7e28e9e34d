import { Link, useSearchParams } from 'react-router';
import { slipsQuerySchema } from '../../../../shared/orders/order-desk';
import { SHOP_NAME } from '../../../../shared/settings/shop';
import { useSlips } from '../../../api/order-desk';
import { Button, ButtonLink, textLinkClass } from '../../../ui/Button';
import { ErrorBox } from '../../../ui/ErrorBox';
import { PageHeading } from '../../../ui/PageHeading';
import { Skeleton } from '../../../ui/Skeleton';
import { ORDER_LIST_PATH } from '../../../back-office/order-list-address';
import { PackingSlip } from './PackingSlip';
import { PickList } from './PickList';
import './slips.css';

const orders = (count: number) => `${count} order${count === 1 ? '' : 's'}`;

function BackToOrders() {
  return (
    <Link to={ORDER_LIST_PATH} className={`${textLinkClass} inline-flex min-h-11 items-center`}>
      Back to the orders
    </Link>
  );
}

/**
 * `/admin/slips?orders=<id>,<id>`: the pick list for the orders chosen, then each order's packing
 * slip. Printing gives the pick list on the first page and each slip on a page of its own, without
 * the back office around them.
 */
export function SlipsPage() {
  const [params] = useSearchParams();
  const asked = slipsQuerySchema.safeParse({ orders: params.get('orders') ?? undefined });
  const ids = asked.success ? asked.data.orders : [];
  const slips = useSlips(ids);
  const title = <title>{`Packing slips | ${SHOP_NAME}`}</title>;
  if (!asked.success) {
    return (
      <>
        {title}
        <PageHeading>Packing slips</PageHeading>
        <p role="alert">{asked.error.issues[0]?.message ?? 'Please choose the orders to print'}.</p>
        <p className="mt-2">
          Tick them in the list of orders and choose Print slips. <BackToOrders />
        </p>
      </>
    );
  }
  return (
    <div className="slips flex flex-col gap-10 print:block">
      {title}
      <div className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <PageHeading lead={`The pick list, then a packing slip for each of ${orders(ids.length)}.`}>
          Packing slips
        </PageHeading>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => window.print()} disabled={!slips.isSuccess}>
            Print
          </Button>
          <ButtonLink to={ORDER_LIST_PATH} variant="secondary">
            Back to the orders
          </ButtonLink>
        </div>
      </div>
      {slips.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <span className="sr-only">Loading the slips…</span>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : slips.isError ? (
        <ErrorBox error={slips.error} title="The slips could not be made" />
      ) : (
        <>
          <PickList lines={slips.data.pickList} orders={slips.data.orders.length} />
          {slips.data.orders.map((order) => (
            <PackingSlip key={order._id} order={order} />
          ))}
        </>
      )}
    </div>
  );
}

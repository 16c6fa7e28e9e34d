import { useState } from 'react';
import { useOrderSearch, type OrderSearch } from '../../../api/order-search';
import { Pagination } from '../../../ui/Pagination';
import { AdminListPage } from '../../../back-office/admin-list-page';
import { ClickAndDropImport } from './ClickAndDropImport';
import { DispatchResults } from './DispatchResults';
import { DispatchTicked } from './DispatchTicked';
import { useDispatchRun } from './dispatch-run';
import {
  isNarrowed,
  orderListAddress,
  useOrderListSearch,
} from '../../../back-office/order-list-address';
import { OrderSearchForm } from './OrderSearchForm';
import { OrderTable } from './OrderTable';
import { PasteDispatchList } from './PasteDispatchList';
import { TickedOrdersBar, type DispatchForm } from './TickedOrdersBar';
import { useTickedOrders } from './ticked-orders';

const found = (total: number) =>
  total === 1 ? '1 order found' : `${total.toLocaleString('en-GB')} orders found`;

function emptyWords(search: OrderSearch) {
  if (isNarrowed(search)) return 'No order matches this search.';
  return search.page === 1 ? 'There are no orders yet.' : 'There are no orders on this page.';
}

/**
 * Every order in the shop, newest first, found by words, status and the days paid: staff tick
 * the morning's orders, print their slips and dispatch them together, or paste a list; or send
 * them to Royal Mail Click & Drop and bring its tracking numbers back.
 */
export function OrderListPage() {
  const search = useOrderListSearch();
  const query = useOrderSearch(search);
  const ticked = useTickedOrders();
  const run = useDispatchRun();
  const [open, setOpen] = useState<DispatchForm | null>(null);
  return (
    <AdminListPage
      heading="Orders"
      page={search.page}
      query={query}
      itemsOf={(data) => data.orders}
      loading="Loading orders…"
      empty={emptyWords(search)}
      search={
        <>
          <OrderSearchForm search={search} />
          <TickedOrdersBar ticked={ticked} open={open} onOpen={setOpen} />
          <div className="mb-6 flex flex-col gap-6 empty:hidden">
            {open === 'ticked' && <DispatchTicked ticked={ticked} run={run} />}
            {open === 'pasted' && <PasteDispatchList run={run} />}
            {open === 'tracking' && <ClickAndDropImport />}
          </div>
          <div className="mb-6 empty:hidden">
            <DispatchResults run={run} />
          </div>
          <p role="status" className="mb-2 text-sm text-muted">
            {query.data && found(query.data.total)}
          </p>
        </>
      }
      footer={
        query.data && (
          <Pagination
            page={query.data.page}
            pages={query.data.pages}
            label="Order pages"
            hrefFor={(page) => orderListAddress({ ...search, page })}
          />
        )
      }
    >
      {(orders) => <OrderTable orders={orders} ticked={ticked} />}
    </AdminListPage>
  );
}

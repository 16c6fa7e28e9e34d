import { useState } from 'react';
import { Link } from 'react-router';
import type { Desk, LowStock as LowStockItem } from '../../../shared/desk/desk';
import { Button, textLinkClass } from '../../ui/Button';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection, Empty } from '../../back-office/desk-section';

/** How many the desk shows before "Show all": the most urgent come first. */
const FIRST_FEW = 8;

function StockRow({ item }: { item: LowStockItem }) {
  return (
    <tr>
      <td className={cell}>
        <Link
          to={`/admin/product/${encodeURIComponent(item.product)}/edit`}
          className={`${textLinkClass} wrap-anywhere`}
        >
          {item.name}
        </Link>
        {item.variantLabel && <span className="block text-sm text-muted">{item.variantLabel}</span>}
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums`}>
        {item.countInStock === 0 ? 'Sold out' : item.countInStock}
      </td>
      <td className={`${cell} tabular-nums`}>{item.waiting}</td>
    </tr>
  );
}

const STOCK_HEADINGS = ['Product', 'In stock', 'Shoppers waiting'] as const;

/**
 * What is nearly gone, or gone with shoppers waiting for it; those shoppers wait for first, the
 * first few shown until the rest are asked for.
 */
export function LowStock({ items }: { items: Desk['lowStock'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_FEW);
  return (
    <DeskSection id="desk-stock" title="Low stock" count={items.length}>
      {items.length === 0 ? (
        <Empty>Nothing is running low.</Empty>
      ) : (
        <AdminTable label="Low stock" minWidth="min-w-[18rem]" headings={STOCK_HEADINGS}>
          {shown.map((item) => (
            <StockRow key={`${item.product}-${item.variant ?? ''}`} item={item} />
          ))}
        </AdminTable>
      )}
      {items.length > FIRST_FEW && (
        <Button variant="quiet" className="self-start" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_FEW}` : `Show all ${items.length}`}
        </Button>
      )}
    </DeskSection>
  );
}

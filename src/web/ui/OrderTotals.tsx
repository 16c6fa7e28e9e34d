import type { ReactNode } from 'react';
import { formatPence, type Pence } from '../../shared/money';

interface OrderTotalsProps {
  itemsPence: Pence;
  shippingPence: Pence;
  taxPence: Pence;
  totalPence: Pence;
  /** The voucher used, if any, and what it took off. */
  voucher?: { name: string; discountPence: Pence } | null;
}

function Row({
  term,
  children,
  strong,
}: {
  term: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-lg' : ''}`}
    >
      <dt className={strong ? 'font-medium' : 'text-muted'}>{term}</dt>
      <dd className="font-serif tabular-nums">{children}</dd>
    </div>
  );
}

/** Items, shipping, the VAT already in the prices, any voucher, and the total: one look everywhere. */
export function OrderTotals({
  itemsPence,
  shippingPence,
  taxPence,
  totalPence,
  voucher,
}: OrderTotalsProps) {
  return (
    <dl className="flex flex-col gap-2">
      <Row term="Items">{formatPence(itemsPence)}</Row>
      <Row term="Shipping">{shippingPence === 0 ? 'Free' : formatPence(shippingPence)}</Row>
      <Row term="VAT (included)">{formatPence(taxPence)}</Row>
      {voucher && (
        <Row term={`Voucher: ${voucher.name}`}>−{formatPence(voucher.discountPence)}</Row>
      )}
      <Row term="Total" strong>
        {formatPence(totalPence)}
      </Row>
    </dl>
  );
}

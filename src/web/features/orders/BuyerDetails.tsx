import { Link } from 'react-router';
import type { Order } from '../../../shared/orders/orders';
import { textLinkClass } from '../../ui/Button';

/**
 * Who bought the order (apart from whom it is delivered to) and how staff reach them: the buyer's
 * email, the phone given with the address, and their page in the back office.
 */
export function BuyerDetails({ order }: { order: Order }) {
  const { buyer } = order;
  const email = buyer.email || order.email;
  const { phone } = order.shippingAddress;
  return (
    <div className="flex flex-col gap-1">
      <p>
        Bought by {buyer.name}
        {email && (
          <>
            {' ('}
            <a href={`mailto:${email}`} className={`${textLinkClass} wrap-anywhere`}>
              {email}
            </a>
            {')'}
          </>
        )}
        {order.user === null && <span className="text-muted"> as a guest</span>}
      </p>
      {phone && (
        <p>
          <span className="text-muted">Phone </span>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={textLinkClass}>
            {phone}
          </a>
        </p>
      )}
      {order.customerId && (
        <p>
          <Link
            to={`/admin/customers/${encodeURIComponent(order.customerId)}`}
            className={textLinkClass}
          >
            The customer’s page
          </Link>
        </p>
      )}
    </div>
  );
}

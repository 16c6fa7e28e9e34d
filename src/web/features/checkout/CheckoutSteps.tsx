import { Link } from 'react-router';
import { textLinkClass } from '../../ui/Button';

export type CheckoutStep = 'signIn' | 'shipping' | 'placeOrder';

/**
 * The spec's three steps. Choosing how to pay belongs to Place Order. Signing in is done once the
 * shopper is here (every checkout screen needs it), so it shows as done without a link back.
 */
const STEPS: readonly { step: CheckoutStep; label: string; to: string | null }[] = [
  { step: 'signIn', label: 'Sign In', to: null },
  { step: 'shipping', label: 'Shipping', to: '/checkout/shipping' },
  { step: 'placeOrder', label: 'Place Order', to: '/checkout/placeorder' },
];

/** Where the shopper is in checkout; the steps already done link back. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex(({ step }) => step === current);
  return (
    <nav aria-label="Checkout steps" className="mb-8">
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {STEPS.map(({ step, label, to }, index) => {
          const done = index < currentIndex;
          return (
            <li key={step} className="flex items-center gap-3">
              {index > 0 && (
                <span aria-hidden="true" className="text-muted">
                  ›
                </span>
              )}
              {index === currentIndex ? (
                <span aria-current="step" className="font-medium text-ink">
                  {label}
                </span>
              ) : done && to ? (
                <Link to={to} className={`${textLinkClass} inline-flex min-h-11 items-center`}>
                  {label}
                  <span className="sr-only"> (done)</span>
                </Link>
              ) : (
                <span className={done ? 'text-ink' : 'text-muted'}>
                  {label}
                  {done && <span className="sr-only"> (done)</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

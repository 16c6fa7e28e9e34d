import { Link } from 'react-router';
import { SHOP_NAME, SOCIAL_LINKS } from '../../shared/settings/shop';
import { usePaymentConfig } from '../api/payments';
import { useShopIdentity } from '../api/shop';
import { useSession } from '../state/session-store';
import { CardLogos } from './CardLogos';

const linkClass = 'text-sm text-page/80 hover:text-page hover:underline underline-offset-4';

/** Who sells, in one line: legal name, address, VAT and company numbers. */
function TraderLine() {
  const trader = useShopIdentity().data;
  if (!trader) return null;
  return (
    <p className="mt-1">
      {trader.legalName}, {trader.address}. VAT number {trader.vatNumber}. Company number{' '}
      {trader.companyNumber}.
    </p>
  );
}

export function Footer() {
  const signedIn = useSession((state) => state.userInfo !== null);
  const paymentMethods = usePaymentConfig().data?.methods;
  const shopLinks = [
    { to: signedIn ? '/account/profile' : '/account/login', label: 'Account' },
    { to: '/', label: 'Home' },
    { to: '/shipping-info', label: 'Shipping & Returns' },
    { to: '/faq', label: 'FAQ' },
    { to: '/payment-info', label: 'Payment' },
  ];
  return (
    <footer className="mt-24 bg-ink pb-24 text-page md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 md:grid-cols-4 md:px-8">
        <div>
          <p className="font-serif text-2xl">{SHOP_NAME}</p>
          <p className="mt-2 text-sm text-page/80">
            Jewellery and knitwear from a small UK studio.
          </p>
        </div>
        <nav aria-label="Shop">
          <h2 className="mb-3 font-sans text-xs tracking-[0.16em] text-page/80 uppercase">Shop</h2>
          <ul className="space-y-2">
            {shopLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className="mb-3 font-sans text-xs tracking-[0.16em] text-page/80 uppercase">Help</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/contact" className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/dealers-notice" className={linkClass}>
                Dealer&rsquo;s Notice
              </Link>
            </li>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  className={linkClass}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {social.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-sans text-xs tracking-[0.16em] text-page/80 uppercase">
            Secure payment
          </h2>
          <CardLogos methods={paymentMethods} />
        </div>
      </div>
      <div className="border-t border-page/15 px-4 py-5 text-center text-xs text-page/80">
        <p>
          © {new Date().getFullYear()} {SHOP_NAME}. Prices in pounds sterling, VAT included.
        </p>
        <TraderLine />
      </div>
    </footer>
  );
}

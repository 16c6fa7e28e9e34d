import { Link } from 'react-router';
import { SHOP_NAME, SHOP_TAGLINE } from '../../shared/settings/shop';
import { usePanels } from '../state/panel-store';
import { useBackOfficeRole } from '../state/roles';
import { AccountIcon, BasketIcon, ManageIcon } from '../ui/icons';
import { CountBadge } from './CountBadge';
import { SearchBox } from './SearchBox';
import { ShelfMenu } from './ShelfMenu';
import { useBasketCount } from './useBasketCount';

const iconButton =
  'relative inline-flex size-11 items-center justify-center rounded-shop text-ink hover:bg-sand';

export function Header() {
  const openPanel = usePanels((state) => state.open);
  const count = useBasketCount();
  // Staff and the owner manage the shop.
  const manages = useBackOfficeRole() !== null;
  return (
    <header>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 md:flex-nowrap md:px-8">
        <Link to="/" className="mr-auto flex flex-col leading-none md:mr-0">
          <span className="font-serif text-2xl tracking-tight">{SHOP_NAME}</span>
          <span className="mt-1 text-xs tracking-[0.16em] text-muted uppercase">
            {SHOP_TAGLINE}
          </span>
        </Link>
        <SearchBox className="order-last w-full md:order-none md:mx-auto md:max-w-md" />
        <nav aria-label="Account and basket" className="hidden items-center gap-1 md:flex">
          {manages && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-2 rounded-shop px-3 text-sm text-ink hover:bg-sand"
              onClick={() => openPanel({ kind: 'adminMenu' })}
            >
              <ManageIcon className="size-5" />
              Manage
            </button>
          )}
          <button
            type="button"
            className={iconButton}
            aria-label="Account menu"
            onClick={() => openPanel({ kind: 'userMenu' })}
          >
            <AccountIcon />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
            onClick={() => openPanel({ kind: 'basket' })}
          >
            <BasketIcon />
            <CountBadge count={count} />
          </button>
        </nav>
      </div>
      <ShelfMenu />
    </header>
  );
}

import { usePanels } from '../state/panel-store';
import { useBackOfficeRole } from '../state/roles';
import { AccountIcon, BasketIcon, ManageIcon } from '../ui/icons';
import { CountBadge } from './CountBadge';
import { useBasketCount } from './useBasketCount';

const barButton =
  'relative flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs text-ink';

/** On a phone, account, manage and basket sit at the bottom, within reach of the thumb. */
export function MobileBar() {
  const openPanel = usePanels((state) => state.open);
  const count = useBasketCount();
  // Staff and the owner manage the shop.
  const manages = useBackOfficeRole() !== null;
  return (
    <nav
      aria-label="Shortcuts"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-line bg-page/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <button type="button" className={barButton} onClick={() => openPanel({ kind: 'userMenu' })}>
        <AccountIcon />
        Account
      </button>
      {manages && (
        <button
          type="button"
          className={barButton}
          onClick={() => openPanel({ kind: 'adminMenu' })}
        >
          <ManageIcon />
          Manage
        </button>
      )}
      <button
        type="button"
        className={barButton}
        aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
        onClick={() => openPanel({ kind: 'basket' })}
      >
        <span className="relative">
          <BasketIcon />
          <CountBadge count={count} />
        </span>
        Basket
      </button>
    </nav>
  );
}

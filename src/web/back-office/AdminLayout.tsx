import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { SHOP_NAME } from '../../shared/settings/shop';
import { PageLoading } from '../layout/Layout';
import { MarkLive } from '../layout/MarkLive';
import { PageOnItsWay } from '../layout/PageOnItsWay';
import { ScrollToTop } from '../layout/ScrollToTop';
import { PanelHost } from '../panels/PanelHost';
import { usePanels } from '../state/panel-store';
import { useBackOfficeRole } from '../state/roles';
import { AccountIcon } from '../ui/icons';
import { Toaster } from '../ui/Toaster';
import { BackOfficeNav } from './BackOfficeNav';

const barLink =
  'inline-flex min-h-11 items-center rounded-shop px-3 text-sm text-ink hover:bg-sand';

/**
 * Every back office page: the shop's name and a way back to the shop, the back office's own
 * navigation, and the page; none of the storefront's banner, shelves or footer.
 */
export function AdminLayout() {
  // The route's guard lets only staff and the owner this far.
  const role = useBackOfficeRole() ?? 'staff';
  const openPanel = usePanels((state) => state.open);
  return (
    <div className="flex min-h-dvh flex-col print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-shop focus:bg-ink focus:px-4 focus:py-2 focus:text-page"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <PageOnItsWay />
      <header className="border-b border-line print:hidden">
        <div className="mx-auto flex max-w-[100rem] items-center gap-2 px-4 py-3 md:px-8">
          <Link to="/admin" className="mr-auto flex flex-col leading-none">
            <span className="font-serif text-xl tracking-tight">{SHOP_NAME}</span>
            <span className="mt-1 text-xs tracking-[0.16em] text-muted uppercase">Back office</span>
          </Link>
          <Link to="/" className={barLink}>
            View the shop
          </Link>
          <button
            type="button"
            className={`${barLink} size-11 justify-center px-0`}
            aria-label="Account menu"
            onClick={() => openPanel({ kind: 'userMenu' })}
          >
            <AccountIcon />
          </button>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-[100rem] flex-1 flex-col md:flex-row">
        <BackOfficeNav role={role} />
        <main id="main" className="min-w-0 flex-1 px-4 py-8 md:px-8 print:p-0">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <MarkLive />
          </Suspense>
        </main>
      </div>
      <div className="contents print:hidden">
        <PanelHost />
        <Toaster />
      </div>
    </div>
  );
}

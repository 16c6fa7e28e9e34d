import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SHOP_NAME } from '../../shared/settings/shop';
import { PanelHost } from '../panels/PanelHost';
import { Skeleton } from '../ui/Skeleton';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { MarkLive } from './MarkLive';
import { MobileBar } from './MobileBar';
import { PageOnItsWay } from './PageOnItsWay';
import { ScrollToTop } from './ScrollToTop';
import { ShopNotices } from './ShopNotices';

/** Shown while a screen that loads on demand (account, admin) arrives. */
export function PageLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      {/* The page that was left took its title with it; this one names the wait. */}
      <title>{`Loading… | ${SHOP_NAME}`}</title>
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-9 w-1/3" />
      <Skeleton className="h-24 w-full max-w-md" />
    </div>
  );
}

export function Layout() {
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
      <div className="contents print:hidden">
        <ShopNotices />
        <Header />
      </div>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 md:px-8 print:p-0">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          {/* Within the screen's boundary: a screen whose code is still coming is not live yet. */}
          <MarkLive />
        </Suspense>
      </main>
      <div className="contents print:hidden">
        <Footer />
        <MobileBar />
        <PanelHost />
        <Toaster />
      </div>
    </div>
  );
}

import { Outlet } from 'react-router';
import { PanelHost } from '../panels/PanelHost';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBar } from './MobileBar';
import { ScrollToTop } from './ScrollToTop';

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-shop focus:bg-ink focus:px-4 focus:py-2 focus:text-page"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 md:px-8">
        <Outlet />
      </main>
      <Footer />
      <MobileBar />
      <PanelHost />
      <Toaster />
    </div>
  );
}

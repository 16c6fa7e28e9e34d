import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { keepBasketWithShop } from './api/kept-basket';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { takeOverPageState } from './render/page-state';
import { shopRoutes } from './routes';
import { SiteContext } from './state/site';
import { keepsAnything } from './state/stored';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * Loads the code of the screens at this address, so that a page the server rendered is taken
 * over as it is, without waiting for it.
 */
async function loadScreensHere(routes: RouteObject[]) {
  const lazy = (matchRoutes(routes, window.location) ?? []).flatMap(({ route }) =>
    route.lazy ? [{ route, load: route.lazy }] : [],
  );
  await Promise.all(
    lazy.map(async ({ route, load }) => {
      if (typeof load !== 'function') return;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  // What an earlier visit kept (a basket, a session) is put back before the first render, so
  // that a screen which needs it (checkout, the account) finds it there.
  if (keepsAnything()) (await import('./state/restore-stored')).restoreStored();
  // A signed-in customer's basket (or a guest's they asked to be reminded of) is kept by the shop.
  keepBasketWithShop();
  const queryClient = createQueryClient();
  // A storefront page arrives rendered with its answers: the app takes it over as it is.
  const rendered = takeOverPageState(queryClient);
  const routes = shopRoutes(queryClient);
  if (rendered) await loadScreensHere(routes);
  const router = createBrowserRouter(routes, { hydrationData: rendered?.router });
  const app = (
    <StrictMode>
      <SiteContext value={rendered?.site ?? { origin: window.location.origin }}>
        <App queryClient={queryClient} router={router} />
      </SiteContext>
    </StrictMode>
  );
  if (!rendered) {
    createRoot(root).render(app);
    return;
  }
  // The app's code has just run: the browser paints and answers before the take-over starts.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // As a transition the take-over yields to the browser every few milliseconds instead of holding
  // the page for the whole of it; a click meanwhile makes React finish the part clicked at once.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

void start(root);

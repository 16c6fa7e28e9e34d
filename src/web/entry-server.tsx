import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiTransport, RenderedPage, StorefrontApp } from '../shared/storefront/rendered-page';
import { sendApiCallsThrough } from './api/client';
import { PAGE_STATE_ID, serialisePageState } from './render/page-state';
import { shopRoutes, STOREFRONT } from './routes';
import { SiteContext } from './state/site';

export { PAGE_STATE_ID };

// Each render's calls go to the shop that asked for the page, even with several shops in one
// process (tests run two instances side by side).
const renderingFor = new AsyncLocalStorage<ApiTransport>();
sendApiCallsThrough((url, init) => {
  const transport = renderingFor.getStore();
  if (!transport) throw new Error('An API call was made outside a page render');
  return transport(url, init);
});

/**
 * The shop's addresses, to tell a storefront page from one the browser renders before any page is
 * made: built once, their loaders never run.
 */
const ADDRESSES = shopRoutes(new QueryClient());

/** The tags React hoists ahead of the markup: title, meta and link elements. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/** The whole page at once, every part loaded: a page to keep and send as it is. */
async function renderToHtml(element: React.ReactElement): Promise<string> {
  // Nothing held back to be revealed by a script: the policy allows no inline scripts.
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The status a page is sent with: anything its loaders could not do is a page not to be had. */
const statusOf = (code: number): RenderedPage['status'] =>
  code === 200 || code === 404 ? code : 503;

/**
 * Renders a storefront address with its answers, fetched by its loaders through `transport`
 * (the shop's own routes). Undefined for addresses the browser renders itself (account,
 * checkout, admin).
 */
export const renderPage: StorefrontApp['renderPage'] = async (url, site, transport) => {
  if (!matchRoutes(ADDRESSES, url.pathname)?.some(({ route }) => route.id === STOREFRONT)) {
    return undefined;
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const handler = createStaticHandler(shopRoutes(queryClient));
  const context = await renderingFor.run(transport, () => handler.query(new Request(url)));
  if (context instanceof Response) throw new Error(`${url.pathname} answered a redirect`);

  const html = await renderToHtml(
    <StrictMode>
      <SiteContext value={site}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            // The page's state goes in a JSON element: the policy allows no inline scripts.
            hydrate={false}
          />
        </QueryClientProvider>
      </SiteContext>
    </StrictMode>,
  );
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const status = statusOf(context.statusCode);
  return {
    status,
    head,
    body: html.slice(head.length),
    // A page not there or not to be had is rendered afresh by the browser, which asks again.
    state:
      status === 200
        ? serialisePageState(queryClient, site, { loaderData: context.loaderData })
        : '',
  };
};

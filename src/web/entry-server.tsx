import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError, sendApiCallsThrough } from './api/client';
import { pagePlan } from './render/page-data';
import { serialisePageState } from './render/page-state';
import { routes, ShopRoutes } from './routes';
import { SiteContext, type Site } from './state/site';

export { PAGE_STATE_ID } from './render/page-state';

/** A storefront page as the server sends it. */
export interface RenderedPage {
  /** 503 when an answer the page shows could not be had (the database away): never to keep. */
  status: 200 | 404 | 503;
  /** Title, description, canonical and sharing tags, for the document's head. */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
  /**
   * The answers it was rendered with, for the page-state script element; empty when an answer
   * failed (a product that is not there), and the browser then renders the page afresh.
   */
  state: string;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

// Each render's calls go to the shop that asked for the page, even with several shops in one
// process (tests run two instances side by side).
const renderingFor = new AsyncLocalStorage<Transport>();
sendApiCallsThrough((url, init) => {
  const transport = renderingFor.getStore();
  if (!transport) throw new Error('An API call was made outside a page render');
  return transport(url, init);
});

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

/** How the page's answers failed: one not there (404), or one that could not be had (503). */
function failureOf(queryClient: QueryClient): 404 | 503 | undefined {
  const errors = queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query) => (query.state.error ? [query.state.error] : []));
  if (errors.some((error) => !(error instanceof ApiError) || error.status >= 500)) return 503;
  return errors.some((error) => error instanceof ApiError && error.status === 404)
    ? 404
    : undefined;
}

/**
 * Renders a storefront address with its answers, fetched through `transport` (the shop's own
 * routes). Undefined for addresses the browser renders itself (account, checkout, admin).
 */
export async function renderPage(
  url: URL,
  site: Site,
  transport: Transport,
): Promise<RenderedPage | undefined> {
  const plan = pagePlan(routes, url.pathname);
  if (!plan) return undefined;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  await renderingFor.run(transport, () => plan.prefetch(queryClient));

  const html = await renderToHtml(
    <StrictMode>
      <SiteContext value={site}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <ShopRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </SiteContext>
    </StrictMode>,
  );
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const failed = failureOf(queryClient);
  return {
    status: failed ?? (plan.isNotFound(queryClient) ? 404 : 200),
    head,
    body: html.slice(head.length),
    state: failed === undefined ? serialisePageState(queryClient, site) : '',
  };
}

/**
 * What the server's copy of the browser app (`src/web/entry-server.tsx`, built to
 * `dist/ssr/entry-server.js`) and the shop that loads it (`src/server/storefront`) agree on.
 */

/** Where the shop is published, for the absolute addresses a page gives of itself. */
export interface Site {
  /** `https://shop.example`, no trailing slash. */
  origin: string;
}

/** How a page's API calls reach the shop: its own routes, in process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** A storefront page as the server sends it. */
export interface RenderedPage {
  /** 503 when an answer the page shows could not be had (the database away): never to keep. */
  status: 200 | 404 | 503;
  /** Title, description, canonical and sharing tags, for the document's head. */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
  /**
   * The answers it was rendered with, for the page-state script element; empty for a page that
   * is not there or could not be had, which the browser then renders afresh.
   */
  state: string;
}

/** The server's copy of the browser app. */
export interface StorefrontApp {
  /** Undefined for an address the browser renders itself (account, checkout, admin). */
  renderPage(url: URL, site: Site, transport: ApiTransport): Promise<RenderedPage | undefined>;
  /** The id of the script element that carries a rendered page's answers. */
  PAGE_STATE_ID: string;
}

import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

/** What a route tells the server about its page. */
export interface PageHandle {
  /** The server renders this page whole, so it is seen without JavaScript and by search engines. */
  serverRendered?: true;
  /** The answers the page shows, fetched before it renders; the browser takes them over. */
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<unknown>[];
  /**
   * The page says it is not there: always (the catch-all route), for these parameters, or for
   * what its answers hold (a page past the end of a listing).
   */
  notFound?: (params: Params, queryClient: QueryClient) => boolean;
}

/** A failed answer stays in the query cache as the page's error; the render goes on. */
export const keepInCache = () => undefined;

/**
 * Fetches an answer a page can be shown without (the banner, delivery in the structured data):
 * one that fails is left out rather than kept as the page's error, so it never turns the whole
 * page into a 503 or a 404, and the browser asks for it again itself.
 */
export function fetchOrLeaveOut<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<Data, Error, Data, Data, Key>,
): Promise<unknown> {
  return queryClient.query(options).catch(() => {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  });
}

function handleOf(route: RouteObject): PageHandle {
  return (route.handle ?? {}) as PageHandle;
}

/**
 * The server's plan for an address: undefined when the browser renders it (account, checkout and
 * admin screens), otherwise the queries to fetch first and whether it is a page that is not there.
 */
export function pagePlan(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1);
  if (!matches || !leaf || !handleOf(leaf.route).serverRendered) return undefined;
  return {
    /** Asked once the answers are in. */
    isNotFound: (queryClient: QueryClient) =>
      handleOf(leaf.route).notFound?.(leaf.params, queryClient) ?? false,
    /** Fetches every answer the page shows into the client; failures stay in it as errors. */
    prefetch: (queryClient: QueryClient) =>
      Promise.all(
        matches.flatMap(
          (match) => handleOf(match.route).prefetch?.(queryClient, match.params) ?? [],
        ),
      ),
  };
}

import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Site } from '../state/site';

/** The id of the script element that carries a server-rendered page's answers to the browser. */
export const PAGE_STATE_ID = 'page-state';

/** What a page rendered on the server hands the browser, which takes the page over as it is. */
interface PageState {
  site: Site;
  /** The answers the page shows. */
  queries: DehydratedState;
  /** What the page's loaders returned, so the router does not run them again. */
  router: Pick<HydrationState, 'loaderData'>;
}

/** The answers a page was rendered with, as JSON safe inside a script element. */
export function serialisePageState(
  queryClient: QueryClient,
  site: Site,
  router: PageState['router'],
): string {
  const state: PageState = { site, queries: dehydrate(queryClient), router };
  return JSON.stringify(state).replaceAll('<', '\\u003c');
}

/** A server-rendered page's state, its answers put in the cache; undefined for the app's shell. */
export function takeOverPageState(
  queryClient: QueryClient,
): Pick<PageState, 'site' | 'router'> | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  const state = JSON.parse(element.textContent) as PageState;
  hydrate(queryClient, state.queries);
  return state;
}

import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorCode } from '../api/client';
import type { Site } from '../state/site';

/** The id of the script element that carries a server-rendered page's answers to the browser. */
export const PAGE_STATE_ID = 'page-state';

interface PageState {
  site: Site;
  queries: DehydratedState;
}

interface SentError {
  message: string;
  status: number;
  code: ApiErrorCode;
}

/**
 * The answers a page was rendered with, as JSON safe inside a script element. A failed answer
 * (a product that is not there) goes too, so the browser shows the same thing the server did.
 */
export function serialisePageState(queryClient: QueryClient, site: Site): string {
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: () => true,
    shouldRedactErrors: () => false,
  });
  for (const query of queries.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      const sent: SentError = { message: error.message, status: error.status, code: error.code };
      query.state.error = sent as unknown as Error;
    }
  }
  const state: PageState = { site, queries };
  return JSON.stringify(state).replaceAll('<', '\\u003c');
}

function isSentError(value: unknown): value is SentError {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

/** Takes over the answers a server-rendered page carries; undefined for a page the browser renders. */
export function takeOverPageState(queryClient: QueryClient): Site | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  const state = JSON.parse(element.textContent) as PageState;
  for (const query of state.queries.queries) {
    const error: unknown = query.state.error;
    if (isSentError(error)) {
      query.state.error = new ApiError(error.message, error.status, error.code);
    }
  }
  hydrate(queryClient, state.queries);
  return state.site;
}

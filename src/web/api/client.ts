import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { TOAST } from '../ui/messages';

const FALLBACK_MESSAGE = 'Something went wrong. Please check your connection and try again.';

/**
 * The shop's stable code for a refusal, or one of the browser's own two: `NETWORK` when no answer
 * came, `UNKNOWN` when one came that is not the shop's (a proxy's page, an empty body).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

/** What an error body may carry beyond its sentence and code. */
type ErrorDetails = Pick<ErrorBody, 'errors' | 'quote'>;

/** A failed call, carrying the server's sentence for the shopper, its stable code and details. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** With VALIDATION_FAILED: each field that broke its rule, and the rule's words. */
  readonly errors: ErrorDetails['errors'];
  /** With PRICE_CHANGED: the basket as the shop prices it now. */
  readonly quote: ErrorDetails['quote'];

  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.errors = details.errors;
    this.quote = details.quote;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A file sent as it is, of this content type, in place of a JSON body (a price list). */
  file?: { content: Blob; type: string };
  signal?: AbortSignal;
}

/**
 * The error a failed call answered: the server's sentence and code. A body with a sentence but no
 * code still gives its sentence; anything else gets the shop's own words.
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  if (!hasMessage(body)) return new ApiError(FALLBACK_MESSAGE, status, 'UNKNOWN');
  if (!isErrorBody(body)) return new ApiError(body.message, status, 'UNKNOWN');
  return new ApiError(body.message, status, body.code, body);
}

/** A body with a sentence to show: the shop's refusals, and some answers of the network between. */
const hasMessage = (body: unknown): body is { message: string } =>
  typeof body === 'object' && body !== null && typeof Reflect.get(body, 'message') === 'string';

/**
 * A refusal as the shop words it: a sentence and a stable code (the server checks every error
 * body against the shared schema before it leaves, so its fields are not checked again here).
 */
const isErrorBody = (body: unknown): body is ErrorBody =>
  hasMessage(body) && typeof Reflect.get(body, 'code') === 'string';

/** The call never got an answer (offline, server down). */
export const networkError = () => new ApiError(FALLBACK_MESSAGE, 0, 'NETWORK');

async function errorFrom(response: Response): Promise<ApiError> {
  return apiErrorOf(response.status, await response.json().catch(() => undefined));
}

function headersFor(
  { body, file }: RequestOptions,
  token: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (file !== undefined) headers['Content-Type'] = file.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The server no longer takes this token (expired, or the account is gone): the session is over and
 * the shopper is asked to sign in again. A late answer to a call made with an older token (before a
 * profile update or another sign-in) ends nothing.
 */
function endSessionOf(token: string): void {
  const { userInfo, signOut } = useSession.getState();
  if (userInfo?.token !== token) return;
  signOut('expired');
  showToast(TOAST.sessionEnded);
}

/** The signed-in user's token, for the calls that cannot go through `apiRequest` (uploads). */
export const currentToken = (): string | undefined => useSession.getState().userInfo?.token;

/** A refused token (UNAUTHENTICATED) on a call made with `token` ends that session. */
export function noteRefusal(error: ApiError, token: string | undefined): void {
  if (error.code === 'UNAUTHENTICATED' && token !== undefined) endSessionOf(token);
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where calls go: the network in the browser; the shop's own routes, answered in-process, when
 * the server renders a page.
 */
export function sendApiCallsThrough(next: Transport): void {
  transport = next;
}

/** Sends one call with the signed-in user's token; answers the response when it is a success. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, file, signal } = options;
  const token = currentToken();
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      signal: signal ?? null,
      headers: headersFor(options, token),
      body: file !== undefined ? file.content : body === undefined ? null : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    noteRefusal(error, token);
    throw error;
  }
  return response;
}

/**
 * Calls the shop's API and answers what it sent, typed as `Answer`: the server checks every answer
 * against the route's shared schema before it leaves, so the browser does not check it again (and
 * does not carry the schemas to do so). When someone is signed in, the call carries their token.
 */
export async function apiRequest<Answer>(
  path: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const response = await send(path, options);
  return (await response.json()) as Answer;
}

/** Fetches a file the API makes (a CSV export) with the user's token, as a blob to save. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** The server's sentence for a failed call; any other failure gets the shop's own words. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
}

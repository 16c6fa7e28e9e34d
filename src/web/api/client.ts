import type { z } from 'zod';
import { errorBodySchema } from '../../shared/api';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { TOAST } from '../ui/messages';

const FALLBACK_MESSAGE = 'Something went wrong. Please check your connection and try again.';

/** A failed call, carrying the server's sentence for the shopper and its stable code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? new ApiError(parsed.data.message, response.status, parsed.data.code)
    : new ApiError(FALLBACK_MESSAGE, response.status, 'UNKNOWN');
}

function headersFor(body: unknown, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
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

/**
 * Calls the shop's API and checks the answer against the same schema the server answers with.
 * When someone is signed in, the call carries their token.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const token = useSession.getState().userInfo?.token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal: signal ?? null,
      headers: headersFor(body, token),
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(FALLBACK_MESSAGE, 0, 'NETWORK');
  }
  if (!response.ok) {
    if (response.status === 401 && token !== undefined) endSessionOf(token);
    throw await errorFrom(response);
  }
  return schema.parse(await response.json());
}

/** The server's sentence for a failed call; any other failure gets the shop's own words. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
}

import { debugId } from './ids-and-times';

export interface Reply {
  status: number;
  body: unknown;
}

const UNPROCESSABLE_MESSAGE =
  'The requested action could not be performed, semantically incorrect, or failed business validation.';

/** PayPal's error body: `{ name, message, details: [{ issue, description }], debug_id }`. */
export function paypalError(
  status: number,
  name: string,
  issue: string,
  description: string,
): Reply {
  const message = status === 422 ? UNPROCESSABLE_MESSAGE : `${name}: ${description}`;
  return {
    status,
    body: { name, message, details: [{ issue, description }], debug_id: debugId(), links: [] },
  };
}

export const unprocessable = (issue: string, description: string) =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);
export const invalidRequest = (issue: string, description: string) =>
  paypalError(400, 'INVALID_REQUEST', issue, description);
export const notFound = () =>
  paypalError(
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );
export const serverError = (status: number) =>
  status === 503
    ? paypalError(503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service is unavailable.')
    : paypalError(status, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error.');

import { randomBytes } from 'node:crypto';
import type { Reply } from './error-replies';
import { now } from './ids-and-times';
import type { StandInState } from './stand-in-state';

const TOKEN_LIFE_SECONDS = 32_400;

export function issueToken(
  state: StandInState,
  headers: Record<string, string>,
  form: string,
): Reply {
  const { clientId, clientSecret, tokens } = state;
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  if (headers.authorization !== expected) {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    };
  }
  const grant = new URLSearchParams(form).get('grant_type');
  if (
    !headers['content-type']?.startsWith('application/x-www-form-urlencoded') ||
    grant !== 'client_credentials'
  ) {
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
    };
  }
  const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
  tokens.add(accessToken);
  return {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_LIFE_SECONDS,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    },
  };
}

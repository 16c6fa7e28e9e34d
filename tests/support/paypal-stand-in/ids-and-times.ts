import { randomBytes } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const randomId = (length = 17) =>
  Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

import { randomBytes } from 'node:crypto';

/** Opaque, unguessable ids that reveal nothing about the shop's volume. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

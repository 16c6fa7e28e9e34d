import type { Consent } from '../../shared/consents/consents';

/** A consent as the shop keeps it: what the person sees of it, and whose it is. */
export interface ConsentRecord extends Consent {
  id: string;
  email: string;
  userId: string | null;
}

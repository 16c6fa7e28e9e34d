import type { Timestamp } from '../db/timestamps';

export interface SubscribersTable {
  id: string;
  email: string;
  created_at: Timestamp;
}

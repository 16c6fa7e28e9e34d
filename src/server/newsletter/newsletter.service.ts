import type { SubscribeBody } from '../../shared/newsletter';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { addSubscriber } from './newsletter.repository';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing';

export async function subscribe({ db }: ShopDatabase, { email }: SubscribeBody) {
  await addSubscriber(db, newId(), email);
  return { message: SUBSCRIBED_MESSAGE };
}

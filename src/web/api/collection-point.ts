import { useQuery } from '@tanstack/react-query';
import type { DeliveryAnswer } from '../../shared/delivery/delivery';
import { deliveryQuery } from './delivery';

/**
 * Where collect orders are picked up and what to do there, as the owner sets it now (an order keeps
 * its service, not the address): asked only for a collection, from the services on offer.
 */
export function useCollectionPoint(collect: boolean): DeliveryAnswer['collection'] {
  const answer = useQuery({ ...deliveryQuery(), enabled: collect });
  return collect ? (answer.data?.collection ?? null) : null;
}

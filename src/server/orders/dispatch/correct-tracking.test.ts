import { describe, expect, it } from 'vitest';
import { dispatchBodySchema, trackingBodySchema } from '../../../shared/orders/parcels';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { correctOrderTracking } from './correct-tracking';
import { dispatchOrder } from './dispatch';

describe('correcting an order’s tracking refuses', () => {
  const kit = useOrdersOnADatabase();
  const tracking = trackingBodySchema.parse({
    carrier: 'Royal Mail',
    trackingNumber: 'AB123456789GB',
  });

  it('an order not dispatched yet, and the tracking it has already', async () => {
    const { order } = await kit.paidOrder();
    const correct = () => correctOrderTracking(kit.context, kit.admin, order._id, tracking);
    expect(await refusalOf(correct())).toBe('ORDER_NOT_DISPATCHED');
    await dispatchOrder(
      kit.context,
      kit.admin,
      order._id,
      dispatchBodySchema.parse({ carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' }),
    );
    expect(await refusalOf(correct())).toBe('TRACKING_UNCHANGED');
  });
});

import { describe, expect, it } from 'vitest';
import { newId } from '../../sql/ids';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { deliverOrder } from './deliver';

describe('marking an order delivered refuses', () => {
  const kit = useOrdersOnADatabase();

  it('one not dispatched yet, and one that is not there', async () => {
    const { order } = await kit.paidOrder();
    expect(await refusalOf(deliverOrder(kit.context, kit.admin, order._id))).toBe(
      'ORDER_NOT_DELIVERABLE',
    );
    expect(await refusalOf(deliverOrder(kit.context, kit.admin, newId()))).toBe('ORDER_NOT_FOUND');
  });
});

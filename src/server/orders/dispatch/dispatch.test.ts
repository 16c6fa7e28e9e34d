import { describe, expect, it } from 'vitest';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import { newId } from '../../sql/ids';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { dispatchOrder } from './dispatch';

describe('dispatching an order refuses', () => {
  const kit = useOrdersOnADatabase();
  const dispatch = (id: string) =>
    dispatchOrder(kit.context, kit.admin, id, dispatchBodySchema.parse({}));

  it('one dispatched already, and one that is not there', async () => {
    const { order } = await kit.paidOrder();
    await dispatch(order._id);
    expect(await refusalOf(dispatch(order._id))).toBe('ORDER_NOT_DISPATCHABLE');
    expect(await refusalOf(dispatch(newId()))).toBe('ORDER_NOT_FOUND');
  });
});

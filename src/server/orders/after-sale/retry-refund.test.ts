import { describe, expect, it } from 'vitest';
import { newId } from '../../sql/ids';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { retryFailedRefund } from './retry-refund';

describe('retrying a refund refuses', () => {
  const kit = useOrdersOnADatabase();

  it('one that has not failed', async () => {
    expect(await refusalOf(retryFailedRefund(kit.context, kit.admin, newId()))).toBe(
      'REFUND_NOT_FOUND',
    );
  });
});

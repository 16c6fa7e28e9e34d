import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { loadConfig } from '../../../src/server/config';
import { shopIdentitySchema } from '../../../src/shared/api';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe('who sells', () => {
  let demo: TestShop;
  let real: TestShop;

  beforeAll(async () => {
    demo = await startTestShop('sqlite');
    real = await startTestShop('sqlite', {
      SHOP_NAME: 'Wren & Wool',
      SHOP_LEGAL_NAME: 'Wren and Wool Ltd',
      SHOP_ADDRESS: '9 Market Place, Hexham NE46 1XX, United Kingdom',
      SHOP_EMAIL: 'hello@wrenwool.example',
      SHOP_PHONE: '01434 000000',
      SHOP_VAT_NUMBER: 'GB 123 4567 89',
      SHOP_COMPANY_NUMBER: '12345678',
    });
  });
  afterAll(async () => {
    await demo.close();
    await real.close();
  });

  it('answers plainly fictitious demo details when none are set', async () => {
    const response = await demo.request('/api/config/shop');
    expect(response.status).toBe(200);
    // Asked again before each use: the owner may change it at /admin/settings at any moment.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const identity = z.strictObject(shopIdentitySchema.shape).parse(await response.json());
    expect(identity.legalName).toContain('fictitious');
    expect(identity.vatNumber).toBe('GB 000 0000 00');
  });

  it('answers the trader the environment names, on a new shop', async () => {
    const response = await real.request('/api/config/shop');
    expect(await response.json()).toEqual({
      name: 'Wren & Wool',
      legalName: 'Wren and Wool Ltd',
      address: '9 Market Place, Hexham NE46 1XX, United Kingdom',
      email: 'hello@wrenwool.example',
      phone: '01434 000000',
      vatNumber: 'GB 123 4567 89',
      companyNumber: '12345678',
    });
  });

  it.each(['123456789', 'GB12', 'FR 123 4567 89'])(
    'refuses to start with the VAT number %j',
    (vatNumber) => {
      expect(() => loadConfig({ NODE_ENV: 'test', SHOP_VAT_NUMBER: vatNumber })).toThrow(
        /SHOP_VAT_NUMBER must be a UK VAT number/,
      );
    },
  );
});

import { describe, expect, it } from 'vitest';
import { addressLines, normalisePostcode, shippingAddressBodySchema } from './addresses';

describe('UK postcodes', () => {
  it.each([
    ['bs14dj', 'BS1 4DJ'],
    ['SW1A 1AA', 'SW1A 1AA'],
    [' m1  1ae ', 'M1 1AE'],
    ['ec1a1bb', 'EC1A 1BB'],
    ['W1A0AX', 'W1A 0AX'],
    ['gir0aa', 'GIR 0AA'],
  ])('reads %j as %j', (typed, stored) => {
    expect(normalisePostcode(typed)).toBe(stored);
  });

  it.each(['75001', 'BS1', '1AB 2CD', 'BS14 DJX', ''])('refuses %j', (typed) => {
    expect(normalisePostcode(typed)).toBeUndefined();
  });
});

describe('a delivery address', () => {
  const address = {
    name: 'Ann Archer',
    address: '1 Mill Lane',
    city: 'Bristol',
    postalCode: 'bs1 4dj',
  };

  it('fills the optional lines and fixes the country to the United Kingdom', () => {
    expect(shippingAddressBodySchema.parse(address)).toEqual({
      ...address,
      line2: '',
      county: '',
      phone: '',
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
    });
    for (const country of ['UK', 'gb', 'United Kingdom']) {
      expect(shippingAddressBodySchema.parse({ ...address, country }).country).toBe(
        'United Kingdom',
      );
    }
  });

  it('says plainly what is wrong with each field', () => {
    const result = shippingAddressBodySchema.safeParse({
      name: '',
      address: '1 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      country: 'France',
      phone: 'ring twice',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      name: "Please enter the recipient's name",
      postalCode: 'That is not a UK postcode (for example SW1A 1AA)',
      country: 'Sorry, we deliver to addresses in the United Kingdom only',
      phone: 'A phone number can use digits, spaces, + ( ) and - only',
    });
  });

  it('is written on a label without its blank lines', () => {
    expect(addressLines(shippingAddressBodySchema.parse(address))).toEqual([
      'Ann Archer',
      '1 Mill Lane',
      'Bristol',
      'BS1 4DJ',
      'United Kingdom',
    ]);
  });
});

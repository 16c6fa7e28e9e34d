import type { LiabilityShift } from './payment-methods';

/**
 * The cards the test provider takes, each showing one outcome of a card payment; no other number
 * is taken, so that no real card is ever typed into a shop taking no money.
 */
export const TEST_CARDS = [
  {
    number: '4242424242424242',
    brand: 'Visa',
    outcome: 'paid, 3-D Secure passed',
    liabilityShift: 'YES',
    enrollmentStatus: 'Y',
    authenticationStatus: 'Y',
    declined: false,
  },
  {
    number: '5555555555554444',
    brand: 'Mastercard',
    outcome: 'paid, 3-D Secure attempted',
    liabilityShift: 'POSSIBLE',
    enrollmentStatus: 'Y',
    authenticationStatus: 'A',
    declined: false,
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    outcome: '3-D Secure failed, nothing taken',
    liabilityShift: 'NO',
    enrollmentStatus: 'Y',
    authenticationStatus: 'N',
    declined: false,
  },
  {
    number: '378282246310005',
    brand: 'American Express',
    outcome: 'no 3-D Secure to be had',
    liabilityShift: 'NO',
    enrollmentStatus: 'N',
    authenticationStatus: undefined,
    declined: false,
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    outcome: 'declined by the bank',
    liabilityShift: 'YES',
    enrollmentStatus: 'Y',
    authenticationStatus: 'Y',
    declined: true,
  },
] as const satisfies readonly {
  number: string;
  brand: string;
  outcome: string;
  liabilityShift: LiabilityShift;
  enrollmentStatus: string;
  authenticationStatus: string | undefined;
  declined: boolean;
}[];

export type TestCard = (typeof TEST_CARDS)[number];

/** The test card with this number, spaces and dashes aside. */
export function findTestCard(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}

/** The characters of order numbers and gift card codes: no 0, 1, I or O, which read alike. */
export const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

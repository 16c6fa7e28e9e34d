/** The shop's own name and contact details, shown in the header, footer, pages and mails. */
export const SHOP_NAME = 'Larkspur';
export const SHOP_TAGLINE = 'Jewellery & knitwear';
export const CONTACT_EMAIL = 'hello@larkspur.example';
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
] as const;
/**
 * The way to pay the checkout's payment step records: everything goes through PayPal, whose
 * buttons, card fields and wallets are offered together on the last step.
 */
export const PAYMENT_METHOD = 'PayPal';

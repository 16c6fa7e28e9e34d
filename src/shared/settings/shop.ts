/** The shop's own name and contact details, shown in the header, footer, pages and mails. */
export const SHOP_NAME = 'Larkspur';
export const SHOP_TAGLINE = 'Jewellery & knitwear';
export const CONTACT_EMAIL = 'hello@larkspur.example';
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
] as const;
/** How every order is paid, as the order records it. */
export const PAYMENT_METHOD = 'PayPal';

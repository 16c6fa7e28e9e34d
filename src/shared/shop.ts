import * as z from 'zod';

/** The shop's own name and contact details, shown in the header, footer, pages and mails. */
export const SHOP_NAME = 'Larkspur';
export const SHOP_TAGLINE = 'Jewellery & knitwear';
export const CONTACT_EMAIL = 'hello@larkspur.example';
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
] as const;
export const DELIVERY_PROMISE =
  'Dispatched in 1-2 days, with UK delivery 2-3 working days after dispatch.';

/** Who sells: the trader's identity, as the law asks a distance seller to give it. */
export const shopIdentitySchema = z.object({
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  vatNumber: z.string(),
  companyNumber: z.string(),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

import * as z from 'zod/mini';

// What the calls of every domain share: a one-sentence answer, an id in the path, a page number.
// Every domain's file may import these, so this file imports none of them (the error codes of all
// domains are gathered in errors.ts instead), and it is written with zod/mini so that importing
// it costs a page little.

export const messageSchema = z.object({ message: z.string() });
/** An answer that is one sentence for the shopper. */
export type Message = z.infer<typeof messageSchema>;

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

/** `/:id` in a path: an opaque id. */
export const idParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** A missing or unreadable page number means the first page, as the contract says. */
export const pageNumberSchema = z.pipe(
  z.transform((value) => {
    const page = Number(value);
    return Number.isSafeInteger(page) && page >= 1 ? page : 1;
  }),
  z.int().check(z.minimum(1)),
);

/** `?pageNumber=` alone, for lists that are not searched. */
export const pageQuerySchema = z.object({ pageNumber: pageNumberSchema });

/** How many rows a page of an admin list holds. */
export const ADMIN_PAGE_SIZE = 20;

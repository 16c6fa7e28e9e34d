import * as z from 'zod';

// Newsletters the owner writes at /admin/newsletters and sends to everyone whose `newsletter`
// consent stands: a subject and a Markdown body, with product cards by id.

export const NEWSLETTER_SEND_ERRORS = {
  NEWSLETTER_NOT_FOUND: 404,
  /** Only a draft may be edited or sent; one sending or sent is as it went. */
  NEWSLETTER_NOT_DRAFT: 409,
} as const;

export const SUBJECT_MAX = 150;
export const BODY_MAX = 50_000;

/**
 * A product card: a line holding only `{{product:<id>}}` shows that product's picture, name,
 * price and a link to its page, as the catalogue has them when the newsletter is sent.
 */
export const PRODUCT_CARD_LINE = /^[ \t]*\{\{[ \t]*product:[ \t]*([^\s{}]+)[ \t]*\}\}[ \t]*$/;

/** The product ids a body's card lines name, each once, in order. */
export function productCardIds(body: string): string[] {
  const ids = body
    .split(/\r?\n/)
    .map((line) => PRODUCT_CARD_LINE.exec(line)?.[1])
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** What the owner writes: both kept as typed, but a subject may not be blank. */
export const newsletterBodySchema = z.object({
  subject: z
    .string({ error: 'Please enter a subject' })
    .trim()
    .min(1, 'Please enter a subject')
    .max(SUBJECT_MAX, `That subject is too long (${SUBJECT_MAX} characters at most)`),
  body: z
    .string({ error: 'Please write the newsletter' })
    .refine((body) => body.trim().length > 0, 'Please write the newsletter')
    .refine(
      (body) => body.length <= BODY_MAX,
      `That newsletter is too long (${BODY_MAX.toLocaleString('en-GB')} characters at most)`,
    ),
});
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;

/** A newsletter with how its sending stands: each subscriber it was sent to is in one count. */
export const newsletterSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the owner sent it; null for a draft. */
  sentAt: z.string().nullable(),
  /** Waiting for their turn, or in the outbox not yet delivered. */
  queued: z.number().int(),
  /** Delivered to the subscriber's mail server. */
  sent: z.number().int(),
  /** Given up after every retry. */
  failed: z.number().int(),
  /** Withdrew their consent before their mail went: not mailed. */
  unsubscribed: z.number().int(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

/** One newsletter with its preview, as the mail will read, and who it would go to now. */
export const newsletterDetailSchema = newsletterSchema.extend({
  /** The mail's HTML, as a subscriber sees it (their own unsubscribe link aside). */
  html: z.string(),
  /** The mail's plain-text part. */
  text: z.string(),
  /** How many subscribers have a standing newsletter consent now: a send would mail them. */
  audience: z.number().int(),
});
export type NewsletterDetail = z.infer<typeof newsletterDetailSchema>;

export const newsletterPageSchema = z.object({
  newsletters: z.array(newsletterSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type NewsletterPage = z.infer<typeof newsletterPageSchema>;

/** The newsletter settings: how many of its mails go into the outbox a minute, all instances together. */
export const newsletterSettingsSchema = z.object({
  perMinute: z
    .number({ error: 'Newsletter mails a minute must be a number' })
    .int('Newsletter mails a minute must be a whole number')
    .min(1, 'Newsletter mails a minute must be at least 1')
    .max(1000, 'Newsletter mails a minute can be at most 1000'),
});
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

export const NEW_SHOP_NEWSLETTER: NewsletterSettings = { perMinute: 60 };

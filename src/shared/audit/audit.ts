import * as z from 'zod';
import { pageNumberSchema } from '../api';
import { dayRangeSchema, daysInOrder, daysOutOfOrder } from '../dates';
import { searchWordsSchema } from '../fields';

/** Every kind of change the audit log records, as a stable word. */
export const AUDIT_ACTIONS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'user.updated',
  'user.deleted',
  'voucher.created',
  'voucher.updated',
  'voucher.deleted',
  'promotion.created',
  'promotion.updated',
  'promotion.deleted',
  'newsletter.created',
  'newsletter.updated',
  'newsletter.sent',
  'order.dispatched',
  'order.tracking_corrected',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.refund_retried',
  'order.note_added',
  'order.return_closed',
  'order.exchanged',
  'customer.note_added',
  'import.applied',
  'review.hidden',
  'review.shown',
  'review.kept',
  'review.replied',
  'settings.updated',
  'gift_card.voided',
  'gift_card.resent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'product',
  'user',
  'voucher',
  'promotion',
  'newsletter',
  'order',
  'refund',
  'import',
  'review',
  'customer',
  'settings',
  'gift_card',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What a change left behind: a value as JSON keeps it (fields, each variant's price and stock). */
const changeValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string(), label: z.string() }),
  before: changeValuesSchema,
  after: changeValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z
  .object({
    q: searchWordsSchema,
    action: z
      .enum(AUDIT_ACTIONS, { error: 'That is not an action the audit log records' })
      .optional(),
    actor: z.string().min(1).max(64).optional(),
    ...dayRangeSchema,
    pageNumber: pageNumberSchema,
  })
  .refine(daysInOrder, daysOutOfOrder());
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** How many entries a page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 50;

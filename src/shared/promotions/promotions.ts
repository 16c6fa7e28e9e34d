import * as z from 'zod';
import { isoDateSchema } from '../dates';
import { shortTextSchema } from '../fields';
import { checkOfferFields, offerFieldsSchema, offerSchema } from './offers';

// Automatic promotions: offers with no code, live between two moments ("10% off scarves this
// weekend", "free delivery over £40"), which the back office sets at /admin/promotions.

export const PROMOTION_ERRORS = { PROMOTION_NOT_FOUND: 404 } as const;

export const PROMOTION_STATES = ['scheduled', 'live', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const promotionSchema = offerSchema.extend({
  _id: z.string(),
  name: z.string(),
  /** ISO 8601: live from this moment until `ends`. */
  starts: z.string(),
  ends: z.string(),
  /** Whether it is still to come, live now, or over. */
  state: z.enum(PROMOTION_STATES),
});
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * A promotion as the back office sends it: what it takes off and where, and from when to when (a
 * day starts at its start and ends at its end, UK time), the end after the start.
 */
export const promotionFieldsSchema = offerFieldsSchema.extend({
  name: shortTextSchema('a name'),
  starts: isoDateSchema('The start date'),
  ends: isoDateSchema('The end date'),
});

/** A promotion as a save sends it, each kind with what it needs (checkOfferFields). */
export const promotionBodySchema = promotionFieldsSchema.superRefine(checkOfferFields);
export type PromotionBody = z.infer<typeof promotionBodySchema>;
export type PromotionForm = z.input<typeof promotionBodySchema>;

export const promotionPageSchema = z.object({
  promotions: z.array(promotionSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type PromotionPage = z.infer<typeof promotionPageSchema>;

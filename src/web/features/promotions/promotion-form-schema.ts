import * as z from 'zod';
import { promotionFieldsSchema, type Promotion } from '../../../shared/promotions/promotions';
import { dayOf } from '../../back-office/admin-forms';
import { NEW_OFFER, offerFormSchema, offerValuesOf } from '../../back-office/offer-form-schema';

const promotionBody = promotionFieldsSchema.shape;

/** A promotion's form: its name, offer and days, sent as one flat body. */
export const promotionFormSchema = z
  .object({
    name: promotionBody.name,
    offer: offerFormSchema,
    starts: promotionBody.starts,
    ends: promotionBody.ends,
  })
  .transform(({ offer, ...promotion }) => ({ ...promotion, ...offer }));
export type PromotionFormValues = z.input<typeof promotionFormSchema>;
/** The promotion's own fields an API error may name. */
export const PROMOTION_FIELDS = ['name', 'starts', 'ends'] as const;

/** A saved promotion as its form shows it. */
export function promotionValuesOf(promotion: Promotion): PromotionFormValues {
  return {
    name: promotion.name,
    offer: offerValuesOf(promotion),
    starts: dayOf(promotion.starts),
    ends: dayOf(promotion.ends),
  };
}

/** A promotion not made yet: every field empty, for the owner to fill in. */
export const NEW_PROMOTION: PromotionFormValues = {
  name: '',
  offer: NEW_OFFER,
  starts: '',
  ends: '',
};
export type PromotionFormBody = z.output<typeof promotionFormSchema>;

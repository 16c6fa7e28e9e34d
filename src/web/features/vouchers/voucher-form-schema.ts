import * as z from 'zod';
import {
  maxUsesSchema,
  voucherStartsSchema,
  voucherFieldsSchema,
  type AdminVoucher,
} from '../../../shared/vouchers/vouchers';
import { dayOf, optionalNumber } from '../../back-office/admin-forms';
import { NEW_OFFER, offerFormSchema, offerValuesOf } from '../../back-office/offer-form-schema';

const voucherBody = voucherFieldsSchema.shape;

/** A voucher's form: its own fields, and its offer's, sent as one flat body. */
export const voucherFormSchema = z
  .object({
    name: voucherBody.name,
    code: voucherBody.code,
    offer: offerFormSchema,
    starts: z
      .string()
      .transform((day) => (day === '' ? undefined : day))
      .pipe(voucherStartsSchema.optional()),
    expires: voucherBody.expires,
    maxUses: optionalNumber(maxUsesSchema),
    oncePerCustomer: z.boolean(),
    stacks: z.boolean(),
  })
  .transform(({ offer, ...voucher }) => ({ ...voucher, ...offer }));
export type VoucherFormValues = z.input<typeof voucherFormSchema>;
/** The voucher's own fields an API error may name. */
export const VOUCHER_FIELDS = ['name', 'code', 'starts', 'expires', 'maxUses'] as const;

/** A saved voucher as its form shows it (a voucher from before kinds is an amount off). */
export function voucherValuesOf(voucher: AdminVoucher): VoucherFormValues {
  return {
    name: voucher.name,
    code: voucher.code,
    offer: offerValuesOf(voucher),
    starts: voucher.starts === null ? '' : dayOf(voucher.starts),
    expires: dayOf(voucher.expires),
    maxUses: voucher.maxUses === null ? '' : String(voucher.maxUses),
    oncePerCustomer: voucher.oncePerCustomer,
    stacks: voucher.stacks,
  };
}

/** A voucher not made yet: every field empty, for the owner to fill in. */
export const NEW_VOUCHER: VoucherFormValues = {
  name: '',
  code: '',
  offer: NEW_OFFER,
  starts: '',
  expires: '',
  maxUses: '',
  oncePerCustomer: false,
  stacks: false,
};
export type VoucherFormBody = z.output<typeof voucherFormSchema>;

import { useWatch } from 'react-hook-form';
import { FLAT_RATE_HIGHEST, FLAT_RATE_LOWEST } from '../../../shared/reports/vat';
import { RETURN_WINDOW_DAYS } from '../../../shared/orders/order-status';
import { RETURN_DAYS_LEAST } from '../../../shared/settings/settings';
import { SelectField, TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { Checkbox, SettingsSection } from './settings-section';

/** Who sells, as the footer, the contact page, the terms, receipts and every mail say it. */
export function ShopDetailsSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  const shop = errors.shop;
  return (
    <SettingsSection
      title="Who sells"
      lead="Shown in the footer, on the contact page and the terms, on receipts and in every mail."
    >
      <TextField
        label="Shop name"
        autoComplete="off"
        error={shop?.name?.message}
        {...register('shop.name')}
      />
      <TextField
        label="Legal name"
        hint="The company as registered, such as Larkspur Trading Ltd."
        autoComplete="off"
        error={shop?.legalName?.message}
        {...register('shop.legalName')}
      />
      <TextField
        label="Address"
        hint="On one line: where customers send returns and letters."
        autoComplete="off"
        error={shop?.address?.message}
        {...register('shop.address')}
      />
      <TextField
        label="Email address"
        hint="Shown to customers; new orders, cancellations, returns and reported reviews are mailed here."
        type="email"
        autoComplete="off"
        error={shop?.email?.message}
        {...register('shop.email')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="off"
        error={shop?.phone?.message}
        {...register('shop.phone')}
      />
      <TextField
        label="VAT number"
        hint="GB and 9 digits, such as GB 123 4567 89."
        autoComplete="off"
        spellCheck={false}
        error={shop?.vatNumber?.message}
        {...register('shop.vatNumber')}
      />
      <TextField
        label="Company number"
        autoComplete="off"
        spellCheck={false}
        error={shop?.companyNumber?.message}
        {...register('shop.companyNumber')}
      />
    </SettingsSection>
  );
}

/** What gift wrap costs, and when the desk calls stock low. */
export function GiftWrapAndStockSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Gift wrap and stock"
      lead="What the checkout charges for wrapping a gift, and what the desk lists as running low."
    >
      <TextField
        label="Gift wrap price (£)"
        hint="VAT included. 0 offers no gift wrap at the checkout."
        inputMode="decimal"
        autoComplete="off"
        error={errors.giftWrap?.price?.message}
        {...register('giftWrap.price')}
      />
      <TextField
        label="Low stock (items left)"
        hint="A size or product with this many left or fewer is listed on the desk."
        inputMode="numeric"
        autoComplete="off"
        error={errors.lowStock?.message}
        {...register('lowStock')}
      />
    </SettingsSection>
  );
}

/** The VAT return: its quarters, its scheme, and the flat rate when there is one. */
export function VatSection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const scheme = useWatch({ control, name: 'vat.scheme' });
  return (
    <SettingsSection
      title="VAT"
      lead="How the VAT return is worked out, as HMRC set it for the business."
    >
      <SelectField
        label="VAT quarters end in"
        error={errors.vat?.stagger?.message}
        {...register('vat.stagger')}
      >
        <option value="1">March, June, September and December</option>
        <option value="2">April, July, October and January</option>
        <option value="3">May, August, November and February</option>
      </SelectField>
      <SelectField
        label="Scheme"
        hint="Standard: the VAT on each sale. Flat Rate Scheme: a percentage of the turnover."
        error={errors.vat?.scheme?.message}
        {...register('vat.scheme')}
      >
        <option value="standard">Standard</option>
        <option value="flat-rate">Flat Rate Scheme</option>
      </SelectField>
      {scheme === 'flat-rate' && (
        <TextField
          label="Flat rate (%)"
          hint={`The percentage HMRC gave the business's trade, ${FLAT_RATE_LOWEST} to ${FLAT_RATE_HIGHEST}.`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.vat?.flatRate?.message}
          {...register('vat.flatRate')}
        />
      )}
    </SettingsSection>
  );
}

/** Returns and reviews: the window for asking, the postage, and holding new reviews. */
export function ReturnsAndReviewsSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Returns and reviews"
      lead="What customers are offered after delivery, and whether their reviews wait for you."
    >
      <TextField
        label="Days to ask for a return"
        hint={`After delivery, ${RETURN_DAYS_LEAST} at least. Kept for the returns policy: orders take return requests for ${RETURN_WINDOW_DAYS} days whatever it says.`}
        inputMode="numeric"
        autoComplete="off"
        error={errors.returns?.days?.message}
        {...register('returns.days')}
      />
      <Checkbox
        form={form}
        name="returns.freeReturns"
        label="Free returns"
        hint="The shop pays for the parcel back. Kept for the returns policy, as the days are."
      />
      <Checkbox
        form={form}
        name="reviews.holdNew"
        label="Hold new reviews until I show them"
        hint="A new review waits, unseen by shoppers, under Reviews until you show it."
      />
    </SettingsSection>
  );
}

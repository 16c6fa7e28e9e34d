import { SelectField, TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { SettingsSection } from './settings-section';

/**
 * Gift cards: how long one lasts (printed on it), and how VAT treats them, in HMRC's words made
 * plain.
 */
export function GiftCardsSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Gift cards"
      lead="Gift cards are sold from the Gift cards shelf and mailed to whoever they are for. Their codes can pay for any order, after every discount."
    >
      <TextField
        label="How long a gift card lasts (months)"
        hint="From the day it is bought, 1 to 120 months; printed on the card. Cards already sold keep their date."
        inputMode="numeric"
        autoComplete="off"
        error={errors.giftCards?.months?.message}
        {...register('giftCards.months')}
      />
      <SelectField
        label="Gift cards for VAT"
        hint="Single-purpose: when a card is sold, you already know where what it buys is supplied and the VAT due on it, so VAT is due when the card is sold. Multi-purpose: you do not know that yet, so VAT is due when the card is spent. A shop that sends abroad, or sells things at different VAT rates, is usually multi-purpose."
        error={errors.giftCards?.vat?.message}
        {...register('giftCards.vat')}
      >
        <option value="multi-purpose">Multi-purpose (VAT when spent)</option>
        <option value="single-purpose">Single-purpose (VAT when sold)</option>
      </SelectField>
    </SettingsSection>
  );
}

import { useWatch } from 'react-hook-form';
import { APPLE_PAY_FILE_MAX_LENGTH } from '../../../shared/payments/payment-methods';
import { SelectField, TextArea } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { Checkbox, SettingsSection } from './settings-section';

/**
 * The ways to pay beside PayPal, every one taken through PayPal: cards in PayPal's fields, Apple
 * Pay, Google Pay and Pay Later messages; how 3-D Secure is asked for, and whether a card whose
 * bank offers none is taken; Apple Pay's domain file.
 */
export function PaymentsSection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const payments = errors.payments;
  const applePay = useWatch({ control, name: 'payments.applePay' });
  return (
    <SettingsSection
      title="Ways to pay"
      lead="PayPal is always offered. Each way below is taken through PayPal too, and shows only where PayPal offers it to the shopper."
    >
      <Checkbox
        form={form}
        name="payments.card"
        label="Debit and credit cards"
        hint="Typed into PayPal’s own card fields: the number never reaches the shop. The footer shows the card marks while this is on."
      />
      <Checkbox
        form={form}
        name="payments.applePay"
        label="Apple Pay"
        hint="Shown on Apple devices that can pay with it. Needs the domain file PayPal gives you."
      />
      {applePay && (
        <TextArea
          label="Apple Pay domain association file"
          hint={`Paste the file PayPal gives you, up to ${APPLE_PAY_FILE_MAX_LENGTH.toLocaleString('en-GB')} characters; the shop serves it where Apple looks for it.`}
          spellCheck={false}
          error={payments?.applePayDomainFile?.message}
          {...register('payments.applePayDomainFile')}
        />
      )}
      <Checkbox
        form={form}
        name="payments.googlePay"
        label="Google Pay"
        hint="Shown where Google says the shopper can pay with it."
      />
      <Checkbox
        form={form}
        name="payments.payLaterMessages"
        label="Pay Later messages"
        hint="PayPal’s words on product and basket pages, such as Pay in 3 interest-free payments. They advertise credit, so they are yours to turn on."
      />
      <SelectField
        label="3-D Secure (the card’s bank confirms it is the cardholder)"
        hint="When required: as the bank and the law ask, which for UK cards is nearly always. Always: on every card payment."
        error={payments?.threeDS?.message}
        {...register('payments.threeDS')}
      >
        <option value="when-required">When the bank requires it</option>
        <option value="always">Always</option>
      </SelectField>
      <Checkbox
        form={form}
        name="payments.acceptNoLiabilityShift"
        label="Take cards whose bank offers no 3-D Secure"
        hint="Off: such cards are refused, and nothing is taken. On: they are taken, and the shop, not the bank, pays for any fraud on them."
      />
    </SettingsSection>
  );
}

import { TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { SettingsSection } from './settings-section';

/** Basket reminders: when each goes, in minutes after the basket last changed. */
export function RemindersSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Basket reminders"
      lead="A shopper who agreed to be reminded of a basket they left is mailed at most three reminders, stopped by an order, an emptied basket or an unsubscribe."
    >
      <TextField
        label="Remind after (minutes)"
        hint="Up to three, each later than the one before, separated by commas: 60, 1440, 4320 is an hour, a day and three days after the basket last changed. Leave it empty to send none."
        autoComplete="off"
        error={errors.reminders?.afterMinutes?.message}
        {...register('reminders.afterMinutes')}
      />
    </SettingsSection>
  );
}

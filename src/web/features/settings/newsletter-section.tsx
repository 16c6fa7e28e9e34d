import { TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { SettingsSection } from './settings-section';

/** Newsletters: how fast a newsletter's mails go out, so the mail provider's limits are kept. */
export function NewsletterSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Newsletters"
      lead="A newsletter goes to its subscribers a few at a time, so your mail provider does not take it for spam."
    >
      <TextField
        label="Newsletter mails a minute"
        hint="1 to 1000, counted across the whole shop. Most providers take 60 a minute without question."
        inputMode="numeric"
        autoComplete="off"
        error={errors.newsletter?.perMinute?.message}
        {...register('newsletter.perMinute')}
      />
    </SettingsSection>
  );
}

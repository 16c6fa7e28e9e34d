import { useWatch } from 'react-hook-form';
import { TextArea, TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { Checkbox, SettingsSection } from './settings-section';

/** The owner's holiday: off, or its days, the message to shoppers and whether checkout pauses. */
export function HolidaySection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const on = useWatch({ control, name: 'holiday.on' });
  const holiday = errors.holiday;
  return (
    <SettingsSection
      title="Holiday"
      lead="Nothing goes out from the first day to the last: every shop page shows your message, and delivery dates start after it."
    >
      <Checkbox form={form} name="holiday.on" label="Away on holiday" />
      {on && (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First day away"
              type="date"
              error={holiday?.from?.message}
              {...register('holiday.from')}
            />
            <TextField
              label="Last day away"
              type="date"
              error={holiday?.to?.message}
              {...register('holiday.to')}
            />
          </div>
          <TextArea
            label="Message to shoppers"
            hint="Shown at the top of every page while you are away, such as: Away until 2 January: orders go out on the 3rd."
            error={holiday?.message?.message}
            {...register('holiday.message')}
          />
          <Checkbox
            form={form}
            name="holiday.pauseCheckout"
            label="Pause checkout"
            hint="Shoppers may fill a basket, but cannot pay until the last day is over."
            error={holiday?.pauseCheckout?.message}
          />
        </>
      )}
    </SettingsSection>
  );
}

/** A message atop every storefront page, from one day to another: a sale, a last posting day. */
export function BannerSection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const on = useWatch({ control, name: 'banner.on' });
  const banner = errors.banner;
  return (
    <SettingsSection
      title="Banner"
      lead="A line at the top of every shop page, from the first day to the last, such as the last day to order for Christmas."
    >
      <Checkbox form={form} name="banner.on" label="Show a banner" />
      {on && (
        <>
          <TextField
            label="Banner text"
            autoComplete="off"
            error={banner?.text?.message}
            {...register('banner.text')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First day shown"
              type="date"
              error={banner?.from?.message}
              {...register('banner.from')}
            />
            <TextField
              label="Last day shown"
              type="date"
              error={banner?.to?.message}
              {...register('banner.to')}
            />
          </div>
        </>
      )}
    </SettingsSection>
  );
}

import { useWatch } from 'react-hook-form';
import { TextArea, TextField } from '../../ui/FormField';
import type { SettingsFormApi } from './settings-form';
import { Checkbox, SettingsSection } from './settings-section';

/** Where click and collect orders are picked up, or none. */
export function CollectionSection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const on = useWatch({ control, name: 'collection.on' });
  const collection = errors.collection;
  return (
    <SettingsSection
      title="Collection point"
      lead="Where shoppers who choose click and collect pick up their orders: mailed to them when an order is ready."
    >
      <Checkbox
        form={form}
        name="collection.on"
        label="Orders can be collected"
        hint="A click and collect service needs it."
        error={collection?.message}
      />
      {on && (
        <>
          <TextField
            label="Collection address"
            hint="On one line, such as 1 Example Street, Bristol BS1 4DJ."
            autoComplete="off"
            error={collection?.address?.message}
            {...register('collection.address')}
          />
          <TextArea
            label="Collection instructions"
            hint="When to come and what to bring."
            error={collection?.instructions?.message}
            {...register('collection.instructions')}
          />
        </>
      )}
    </SettingsSection>
  );
}

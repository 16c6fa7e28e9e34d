import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { FieldError } from '../../ui/FormField';
import { listError } from '../../back-office/admin-forms';
import { useFocusAfterRemove } from '../../back-office/focus-after-remove';
import { AddRowButton } from '../../back-office/row-list-buttons';
import { NEW_SERVICE } from './delivery-form';
import { serviceIds } from './service-ids';
import { ServiceCard } from './service-card';
import type { SettingsFormApi } from './settings-form';
import { SettingsSection } from './settings-section';

/** The most services the shop may offer, as the API allows. */
const MOST_SERVICES = 20;

/** The ways an order may be sent, each offered by the basket's value, items and weight. */
export function DeliveryServicesSection({ form }: { form: SettingsFormApi }) {
  const {
    control,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'delivery.services' });
  // Each service's id and name alone: typing a price draws the other cards again for nothing.
  const services = useWatch({
    control,
    name: 'delivery.services',
    compute: (all) => all.map(({ id, name }) => ({ id, name })),
  });
  const { target, removing } = useFocusAfterRemove<HTMLButtonElement>(fields.length);
  const id = useId();
  const ids = serviceIds(services);

  return (
    <SettingsSection
      title="Delivery services"
      lead="Shoppers choose among those their basket may use, cheapest first. Keep at least one offered."
    >
      {fields.map((field, index) => {
        const name = services[index]?.name.trim() ?? '';
        return (
          <ServiceCard
            key={field.id}
            form={form}
            index={index}
            title={name === '' ? `New service ${String(index + 1)}` : name}
            id={ids[index] ?? ''}
            saved={(services[index]?.id ?? '') !== ''}
            onRemove={() => {
              removing();
              remove(index);
            }}
          />
        );
      })}
      <FieldError id={`${id}-error`} error={listError(errors.delivery?.services)} />
      <AddRowButton
        buttonRef={target}
        full={fields.length >= MOST_SERVICES}
        onAdd={() => append(NEW_SERVICE)}
        limit={`The shop can offer at most ${String(MOST_SERVICES)} delivery services.`}
      >
        Add a service
      </AddRowButton>
    </SettingsSection>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Settings } from '../../../shared/settings/settings';
import { ApiError } from '../../api/client';
import { useSaveSettings, useSettings } from '../../api/settings';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { AdminEditPage } from '../../back-office/admin-edit-page';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';
import { CollectionSection } from './collection-section';
import { GiftCardsSection } from './gift-cards-section';
import { RemindersSection } from './reminders-section';
import { NewsletterSection } from './newsletter-section';
import { PaymentsSection } from './payments-section';
import { DeliveryServicesSection } from './delivery-services-section';
import { DispatchSection } from './dispatch-section';
import { BannerSection, HolidaySection } from './holiday-banner-sections';
import { settingsFieldOf, settingsFormSchema, valuesOf } from './settings-form';
import {
  GiftWrapAndStockSection,
  ReturnsAndReviewsSection,
  ShopDetailsSection,
  VatSection,
} from './settings-sections';

export const SETTINGS_PATH = '/admin/settings';
export const SETTINGS_SAVED = 'Settings saved';

/** Someone saved the settings after this form was loaded: its save was refused. */
const isStale = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'SETTINGS_CHANGED';

/** The refusal of a stale save, in words, with the way on: the settings as saved now. */
function StaleSettings({ error, onLoad }: { error: ApiError; onLoad: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-shop border border-warning/40 bg-warning/10 px-4 py-3"
    >
      <p>
        {error.message} Loading them throws away what you changed here: note it first if you need
        it.
      </p>
      <Button variant="secondary" onClick={onLoad}>
        Load the saved settings
      </Button>
    </div>
  );
}

function SettingsFields({
  settings,
  onReload,
}: {
  settings: Settings;
  onReload: () => Promise<Settings | undefined>;
}) {
  const save = useSaveSettings();
  // The version the fields were filled from: a save carries it, and the server refuses it once
  // another save has moved past it.
  const [version, setVersion] = useState(settings.version);
  const form = useForm({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: valuesOf(settings),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;
  useUnsavedChanges(isDirty ? discardQuestion('the settings') : null);

  const fill = (from: Settings) => {
    setVersion(from.version);
    reset(valuesOf(from));
  };

  const submit = handleSubmit((sections) => {
    if (save.isPending) return;
    save.mutate(
      { ...sections, version },
      {
        onSuccess: (saved) => {
          fill(saved);
          showToast(SETTINGS_SAVED);
        },
        onError: (error) => {
          // The server's rules are the form's own; should it find more, each goes under its field.
          const fields = error instanceof ApiError ? (error.errors ?? []) : [];
          for (const { path, message } of fields) {
            const field = settingsFieldOf(path);
            if (field) setError(field, { message });
          }
        },
      },
    );
  });

  const load = async () => {
    const fresh = await onReload();
    if (fresh) fill(fresh);
    save.reset();
  };

  return (
    <EditForm
      onSubmit={submit}
      busy={save.isPending}
      success={null}
      error={isStale(save.error) ? null : save.error}
    >
      {isStale(save.error) && <StaleSettings error={save.error} onLoad={() => void load()} />}
      <ShopDetailsSection form={form} />
      <GiftWrapAndStockSection form={form} />
      <VatSection form={form} />
      <ReturnsAndReviewsSection form={form} />
      <DispatchSection form={form} />
      <DeliveryServicesSection form={form} />
      <CollectionSection form={form} />
      <HolidaySection form={form} />
      <BannerSection form={form} />
      <PaymentsSection form={form} />
      <GiftCardsSection form={form} />
      <RemindersSection form={form} />
      <NewsletterSection form={form} />
    </EditForm>
  );
}

/** `/admin/settings`: what the owner changes while trading, each section under its title. */
export function SettingsPage() {
  const query = useSettings();
  return (
    <AdminEditPage
      heading="Settings"
      back={{ to: '/admin', label: 'Back to the desk' }}
      width="max-w-2xl"
    >
      <LoadedForm query={query} loading="Loading the settings…" fields={6}>
        {(settings) => (
          <SettingsFields settings={settings} onReload={async () => (await query.refetch()).data} />
        )}
      </LoadedForm>
    </AdminEditPage>
  );
}

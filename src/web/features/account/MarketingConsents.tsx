import { useId, useState } from 'react';
import {
  CONSENT_WORDING,
  stands,
  type Consent,
  type ConsentTicks,
} from '../../../shared/consents/consents';
import { useConsents, useSetConsents } from '../../api/consents';
import { ErrorBox } from '../../ui/ErrorBox';

const ticksOf = (consents: readonly Consent[]): ConsentTicks => ({
  newsletter: stands(consents, 'newsletter'),
  basketReminders: stands(consents, 'basket-reminders'),
});

/**
 * The account page's two ticks for marketing mail, never ticked for the shopper: each says in the
 * shop's exact words what it agrees to, and is saved as it changes.
 */
export function MarketingConsents() {
  const id = useId();
  const consents = useConsents();
  const save = useSetConsents();
  const saved = ticksOf(consents.data ?? []);
  // What the person just ticked shows at once, while it is being saved.
  const [saving, setSaving] = useState<ConsentTicks | null>(null);
  const ticks = saving ?? saved;
  const asked = save.variables;
  // A newsletter tick on an account that has not proved its address waits for the mailed link.
  const confirming = save.isSuccess && asked?.newsletter === true && !saved.newsletter;

  const change = (next: Partial<ConsentTicks>) => {
    const all = { ...saved, ...next };
    setSaving(all);
    save.mutate(all, { onSettled: () => setSaving(null) });
  };
  const boxes = [
    { key: 'newsletter', words: CONSENT_WORDING.newsletter.account },
    { key: 'basketReminders', words: CONSENT_WORDING['basket-reminders'].account },
  ] as const;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-xl">
        Emails from us
      </h2>
      <p className="text-muted">
        Receipts and delivery news always come. Anything else only if you tick it here, and you can
        untick it at any time.
      </p>
      {consents.isError ? (
        <ErrorBox error={consents.error} title="Your email choices could not be loaded" />
      ) : (
        <div className="flex flex-col gap-3" aria-busy={consents.isPending || save.isPending}>
          {boxes.map(({ key, words }) => (
            <label key={key} className="flex min-h-11 cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-ink"
                checked={ticks[key]}
                disabled={consents.isPending || save.isPending}
                onChange={(event) => change({ [key]: event.target.checked })}
              />
              <span>{words}</span>
            </label>
          ))}
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {confirming && (
          <p className="text-success">
            We have emailed you a link: follow it to start the letters.
          </p>
        )}
        {save.isSuccess && !confirming && <p className="text-success">Your choices are saved.</p>}
        {save.isError && <ErrorBox error={save.error} title="Your choice could not be saved" />}
      </div>
    </section>
  );
}

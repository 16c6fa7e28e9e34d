import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Message } from '../../../shared/api';
import { CONSENT_WORDING } from '../../../shared/consents/consents';
import { apiRequest } from '../../api/client';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { InlineEmailField } from '../../ui/InlineEmailField';
import { canSubmitNewsletter } from './can-submit';

const NEWSLETTER_RESET_MS = 2000;

/** The server's thanks, and what is left to do: nothing is sent until the mailed link is followed. */
const thanksOf = (message: string) => `${message}. Please check your inbox to confirm.`;

/** The newsletter sign-up: silent until the address is long enough, thanks, then ready again. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const id = useId();
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      apiRequest<Message>('/subscribers', { method: 'POST', body: { email: address } }),
    onSuccess: ({ message }) => {
      setEmail('');
      showToast(thanksOf(message));
    },
  });
  const { isSuccess, reset } = subscribe;

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(reset, NEWSLETTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-24 rounded-shop bg-sand px-6 py-12 text-center md:px-12"
    >
      <h2 id={`${id}-heading`} className="text-2xl">
        Letters from the workshop
      </h2>
      {/* The words a sign-up agrees to: the server records these same words as the consent. */}
      <p className="mx-auto mt-2 max-w-md text-muted">{CONSENT_WORDING.newsletter.footer}</p>
      <form
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmitNewsletter(email) && !subscribe.isPending) subscribe.mutate(email.trim());
        }}
      >
        <InlineEmailField id={`${id}-email`} value={email} onChange={setEmail} />
        <Button type="submit" disabled={email.trim() === '' || isSuccess || subscribe.isPending}>
          Subscribe
        </Button>
      </form>
      <div className="mx-auto mt-4 max-w-md text-left" aria-live="polite">
        {isSuccess && (
          <p className="text-center text-success">{thanksOf(subscribe.data.message)}</p>
        )}
        {subscribe.isError && <ErrorBox error={subscribe.error} />}
      </div>
    </section>
  );
}

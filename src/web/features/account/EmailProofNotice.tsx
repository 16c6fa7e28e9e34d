import { ApiError } from '../../api/client';
import { useEmailProofState, useSendEmailProof } from '../../api/email-proof';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';

/** What to say when the links asked for this hour are used up, rather than the bare refusal. */
export const TOO_MANY_LINKS =
  'We have sent several links this hour. Please use the latest one, or ask again in an hour.';

const refusalOf = (error: unknown) =>
  error instanceof ApiError && error.status === 429
    ? new ApiError(TOO_MANY_LINKS, 429, error.code)
    : error;

/**
 * Until the account's address is proved, a reminder to follow the mailed link, and a way to have
 * it sent again. Nothing shows once it is proved, or while the shop has not said.
 */
export function EmailProofNotice() {
  const state = useEmailProofState();
  const send = useSendEmailProof();
  if (state.data?.proved !== false) return null;
  return (
    <section
      aria-labelledby="email-proof-heading"
      className="flex flex-col gap-3 rounded-shop bg-sand px-5 py-4"
    >
      <h2 id="email-proof-heading" className="text-lg wrap-anywhere">
        Please confirm your email address {state.data.email}
      </h2>
      <p>
        We mailed a link to it. Open the link to confirm the address is yours: until then, orders,
        newsletter sign-ups and stock alerts under that address are not joined to your account.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        Send the link again
      </Button>
      <FormStatus success={send.data?.message} error={refusalOf(send.error)} />
    </section>
  );
}

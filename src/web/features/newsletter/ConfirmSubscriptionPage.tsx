import { useParams } from 'react-router';
import { useConfirmSubscription } from '../../api/subscribers';
import { MailLinkPage } from '../../ui/MailLinkPage';

/** The link of a newsletter confirmation mail: it confirms on arrival, with no sign-in. */
export function ConfirmSubscriptionPage() {
  const { token = '' } = useParams();
  return (
    <MailLinkPage
      title="Confirm your subscription"
      heading="Newsletter"
      working="Confirming your subscription…"
      result={useConfirmSubscription(token)}
    />
  );
}

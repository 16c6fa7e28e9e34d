import { useParams } from 'react-router';
import { useUnsubscribe } from '../../api/subscribers';
import { MailLinkPage } from '../../ui/MailLinkPage';

/** The unsubscribe link of a newsletter mail: it works on arrival, with no sign-in. */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <MailLinkPage
      title="Unsubscribe"
      heading="Newsletter"
      working="Unsubscribing you…"
      result={useUnsubscribe(token)}
    />
  );
}

import { useSearchParams } from 'react-router';
import { useOneClickUnsubscribe } from '../../api/consents';
import { MailLinkPage } from '../../ui/MailLinkPage';

/**
 * The unsubscribe link a marketing mail carries (and its List-Unsubscribe header): it works on
 * arrival, with no sign-in, and says it is done.
 */
export function OneClickUnsubscribePage() {
  const [search] = useSearchParams();
  return (
    <MailLinkPage
      title="Unsubscribe"
      heading="Unsubscribe"
      working="Unsubscribing you…"
      result={useOneClickUnsubscribe(search.get('token') ?? '')}
    />
  );
}

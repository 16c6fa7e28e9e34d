import { useParams } from 'react-router';
import { useCancelStockAlert } from '../../api/stock-alerts';
import { MailLinkPage } from '../../ui/MailLinkPage';

/** The link in a back-in-stock mail that cancels its alert. */
export function StockAlertCancelPage() {
  const { token = '' } = useParams();
  return (
    <MailLinkPage
      title="Cancel a stock alert"
      heading="Back-in-stock alert"
      working="Cancelling your alert…"
      result={useCancelStockAlert(token)}
    />
  );
}

import { UserMenuPanel } from '../features/account/UserMenuPanel';
import { BasketPanel } from '../features/basket/BasketPanel';
import { QuickViewPanel } from '../features/catalog/QuickViewPanel';
import { ReviewFormPanel } from '../features/reviews/ReviewFormPanel';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { SidePanel } from './SidePanel';

function titleOf(panel: PanelRequest): string {
  switch (panel.kind) {
    case 'basket':
      return 'Basket';
    case 'quickView':
      return 'Quick view';
    case 'userMenu':
      return 'Account';
    case 'review':
      return 'Write a review';
  }
}

function PanelContent({ panel, onClose }: { panel: PanelRequest; onClose: () => void }) {
  switch (panel.kind) {
    case 'basket':
      return <BasketPanel onClose={onClose} />;
    case 'quickView':
      return <QuickViewPanel productId={panel.productId} onClose={onClose} />;
    case 'userMenu':
      return <UserMenuPanel onClose={onClose} />;
    case 'review':
      return <ReviewFormPanel productId={panel.productId} onClose={onClose} />;
  }
}

/** Shows the one open side panel, if any. */
export function PanelHost() {
  const { panel, isOpen, close } = usePanels();
  if (!panel) return null;
  return (
    <SidePanel title={titleOf(panel)} isOpen={isOpen} onClose={close}>
      <PanelContent panel={panel} onClose={close} />
    </SidePanel>
  );
}

import { lazy, Suspense } from 'react';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { Skeleton } from '../ui/Skeleton';
import { SidePanel } from './SidePanel';

// Each panel's code loads when it is first opened: none is needed to show a page.
const BasketPanel = lazy(() =>
  import('../features/basket/BasketPanel').then((module) => ({ default: module.BasketPanel })),
);
const QuickViewPanel = lazy(() =>
  import('../features/catalog/QuickViewPanel').then((module) => ({
    default: module.QuickViewPanel,
  })),
);
const SizeGuidePanel = lazy(() =>
  import('../features/catalog/SizeGuidePanel').then((module) => ({
    default: module.SizeGuidePanel,
  })),
);
const UserMenuPanel = lazy(() =>
  import('../features/account/UserMenuPanel').then((module) => ({
    default: module.UserMenuPanel,
  })),
);
const AdminMenuPanel = lazy(() =>
  import('../back-office/AdminMenuPanel').then((module) => ({
    default: module.AdminMenuPanel,
  })),
);
const EditProfilePanel = lazy(() =>
  import('../features/account/EditProfilePanel').then((module) => ({
    default: module.EditProfilePanel,
  })),
);
const EditUserPanel = lazy(() =>
  import('../features/users/EditUserPanel').then((module) => ({ default: module.EditUserPanel })),
);
const EditProductPanel = lazy(() =>
  import('../features/catalog/EditProductPanel').then((module) => ({
    default: module.EditProductPanel,
  })),
);
const EditVoucherPanel = lazy(() =>
  import('../features/vouchers/EditVoucherPanel').then((module) => ({
    default: module.EditVoucherPanel,
  })),
);
const EditPromotionPanel = lazy(() =>
  import('../features/promotions/EditPromotionPanel').then((module) => ({
    default: module.EditPromotionPanel,
  })),
);
const GiftCardPanel = lazy(() =>
  import('../features/gift-cards/GiftCardPanel').then((module) => ({
    default: module.GiftCardPanel,
  })),
);
const ReviewFormPanel = lazy(() =>
  import('../features/reviews/ReviewFormPanel').then((module) => ({
    default: module.ReviewFormPanel,
  })),
);
const FiltersPanel = lazy(() =>
  import('../features/catalog/filters/FiltersPanel').then((module) => ({
    default: module.FiltersPanel,
  })),
);

function PanelLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-11 w-1/2" />
    </div>
  );
}

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
    case 'sizeGuide':
      return 'Size guide';
    case 'adminMenu':
      return 'Manage';
    case 'editProfile':
      return 'Edit account';
    case 'editUser':
      return 'Edit user';
    case 'editProduct':
      return 'Edit product';
    case 'editVoucher':
      return 'Edit voucher';
    case 'newVoucher':
      return 'New voucher';
    case 'editPromotion':
      return 'Edit promotion';
    case 'newPromotion':
      return 'New promotion';
    case 'giftCard':
      return 'Gift card';
    case 'filters':
      return 'Filters';
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
    case 'sizeGuide':
      return <SizeGuidePanel groups={panel.groups} />;
    case 'review':
      return <ReviewFormPanel productId={panel.productId} onClose={onClose} />;
    case 'adminMenu':
      return <AdminMenuPanel onClose={onClose} />;
    case 'editProfile':
      return <EditProfilePanel />;
    case 'editUser':
      return <EditUserPanel userId={panel.userId} />;
    case 'editProduct':
      return <EditProductPanel productId={panel.productId} />;
    case 'editVoucher':
      return <EditVoucherPanel voucherId={panel.voucherId} />;
    case 'newVoucher':
      // The same panel as a saved voucher's, so that one just made opens without loading anew.
      return <EditVoucherPanel voucherId={null} />;
    case 'editPromotion':
      return <EditPromotionPanel promotionId={panel.promotionId} />;
    case 'newPromotion':
      return <EditPromotionPanel promotionId={null} />;
    case 'giftCard':
      return <GiftCardPanel key={panel.giftCardId} giftCardId={panel.giftCardId} />;
    case 'filters':
      return <FiltersPanel place={panel.place} onClose={onClose} />;
  }
}

/** Shows the one open side panel, if any. */
export function PanelHost() {
  const { panel, isOpen, close } = usePanels();
  if (!panel) return null;
  return (
    <SidePanel title={titleOf(panel)} isOpen={isOpen} onClose={close}>
      <Suspense fallback={<PanelLoading />}>
        <PanelContent panel={panel} onClose={close} />
      </Suspense>
    </SidePanel>
  );
}

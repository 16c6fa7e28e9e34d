import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type Params, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { RequireBackOffice, RequireOwner, RequireShopper, RequireSignedIn } from './layout/guards';
import { Layout, PageLoading } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { HomePage } from './pages/HomePage';
import { ScreenErrorBoundary } from './layout/ScreenErrorBoundary';
import { productQuery, productsQuery, similarProductsQuery } from './api/products';
import { shopIdentityQuery } from './api/shop';
import { deliveryQuery, pricedDeliveryLines } from './api/delivery';
import { fetchOrLeaveOut, keepInCache, type PageHandle } from './render/page-data';
import { pageFromParam } from './ui/Pagination';
import { isShelf } from '../shared/catalog/shelves';

const shelfOrNothing = (category: string | undefined) =>
  category !== undefined && isShelf(category) ? category : undefined;

/** A screen whose code loads on its first visit; the Layout shows a placeholder meanwhile. */
function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}

// The home page comes with the app; every other screen's code loads on its first visit. A page
// the server rendered stays as it is until its code has come, and is then taken over.
const ProductPage = lazyPage(() =>
  import('./features/catalog/ProductPage').then((module) => module.ProductPage),
);
const SearchPage = lazyPage(() =>
  import('./features/catalog/SearchPage').then((module) => module.SearchPage),
);
const CategoryPage = lazyPage(() =>
  import('./features/catalog/CategoryPage').then((module) => module.CategoryPage),
);
const BasketPage = lazyPage(() =>
  import('./features/basket/BasketPage').then((module) => module.BasketPage),
);
const ContactPage = lazyPage(() =>
  import('./features/info/ContactPage').then((module) => module.ContactPage),
);
const DealersNoticePage = lazyPage(() =>
  import('./features/info/DealersNoticePage').then((module) => module.DealersNoticePage),
);
const FaqPage = lazyPage(() => import('./features/info/FaqPage').then((module) => module.FaqPage));
const PaymentInfoPage = lazyPage(() =>
  import('./features/info/PaymentInfoPage').then((module) => module.PaymentInfoPage),
);
const PrivacyPage = lazyPage(() =>
  import('./features/info/PrivacyPage').then((module) => module.PrivacyPage),
);
const ShippingInfoPage = lazyPage(() =>
  import('./features/info/ShippingInfoPage').then((module) => module.ShippingInfoPage),
);
const TermsPage = lazyPage(() =>
  import('./features/info/TermsPage').then((module) => module.TermsPage),
);

// Account, checkout, order and admin screens, so that browsing the shop does not download their
// forms.
const LoginPage = lazyPage(() =>
  import('./features/account/LoginPage').then((module) => module.LoginPage),
);
const RegisterPage = lazyPage(() =>
  import('./features/account/RegisterPage').then((module) => module.RegisterPage),
);
const ProfilePage = lazyPage(() =>
  import('./features/account/ProfilePage').then((module) => module.ProfilePage),
);
const WishlistPage = lazyPage(() =>
  import('./features/wishlist/WishlistPage').then((module) => module.WishlistPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('./features/account/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./features/account/ResetPasswordPage').then((module) => module.ResetPasswordPage),
);
const UserListPage = lazyPage(() =>
  import('./features/users/UserListPage').then((module) => module.UserListPage),
);
const UserEditPage = lazyPage(() =>
  import('./features/users/UserEditPage').then((module) => module.UserEditPage),
);
const ShippingPage = lazyPage(() =>
  import('./features/checkout/ShippingPage').then((module) => module.ShippingPage),
);
const PaymentMethodPage = lazyPage(() =>
  import('./features/checkout/PaymentMethodPage').then((module) => module.PaymentMethodPage),
);
const PlaceOrderPage = lazyPage(() =>
  import('./features/checkout/PlaceOrderPage').then((module) => module.PlaceOrderPage),
);
const OrderConfirmationPage = lazyPage(() =>
  import('./features/checkout/OrderConfirmationPage').then(
    (module) => module.OrderConfirmationPage,
  ),
);
const OrderPage = lazyPage(() =>
  import('./features/orders/OrderPage').then((module) => module.OrderPage),
);
const ReceiptPage = lazyPage(() =>
  import('./features/orders/ReceiptPage').then((module) => module.ReceiptPage),
);
const FailedRefundsPage = lazyPage(() =>
  import('./features/orders/refunds/FailedRefundsPage').then((module) => module.FailedRefundsPage),
);
const OrderListPage = lazyPage(() =>
  import('./features/orders/order-list/OrderListPage').then((module) => module.OrderListPage),
);
const ProductListPage = lazyPage(() =>
  import('./features/catalog/ProductListPage').then((module) => module.ProductListPage),
);
const ProductEditPage = lazyPage(() =>
  import('./features/catalog/ProductEditPage').then((module) => module.ProductEditPage),
);
const VoucherListPage = lazyPage(() =>
  import('./features/vouchers/VoucherListPage').then((module) => module.VoucherListPage),
);
const CustomerListPage = lazyPage(() =>
  import('./features/customers/CustomerListPage').then((module) => module.CustomerListPage),
);
const CustomerPage = lazyPage(() =>
  import('./features/customers/CustomerPage').then((module) => module.CustomerPage),
);
const ReviewsPage = lazyPage(() =>
  import('./features/reviews/ReviewsPage').then((module) => module.ReviewsPage),
);
const AuditLogPage = lazyPage(() =>
  import('./features/audit/AuditLogPage').then((module) => module.AuditLogPage),
);
const VatPage = lazyPage(() => import('./features/vat/VatPage').then((module) => module.VatPage));
const ExportsPage = lazyPage(() =>
  import('./features/exports/ExportsPage').then((module) => module.ExportsPage),
);
const SettingsPage = lazyPage(() =>
  import('./features/settings/SettingsPage').then((module) => module.SettingsPage),
);
const SlipsPage = lazyPage(() =>
  import('./features/orders/slips/SlipsPage').then((module) => module.SlipsPage),
);
const DeskPage = lazyPage(() =>
  import('./features/desk/DeskPage').then((module) => module.DeskPage),
);
const AdminLayout = lazyPage(() =>
  import('./back-office/AdminLayout').then((module) => module.AdminLayout),
);
const SubscriberListPage = lazyPage(() =>
  import('./features/newsletter/SubscriberListPage').then((module) => module.SubscriberListPage),
);
const StockAlertCancelPage = lazyPage(() =>
  import('./features/catalog/StockAlertCancelPage').then((module) => module.StockAlertCancelPage),
);
const ConfirmEmailPage = lazyPage(() =>
  import('./features/account/ConfirmEmailPage').then((module) => module.ConfirmEmailPage),
);
const UnsubscribePage = lazyPage(() =>
  import('./features/newsletter/UnsubscribePage').then((module) => module.UnsubscribePage),
);
const ConfirmSubscriptionPage = lazyPage(() =>
  import('./features/newsletter/ConfirmSubscriptionPage').then(
    (module) => module.ConfirmSubscriptionPage,
  ),
);

// The storefront is rendered on the server with the answers it shows (see render/page-data.ts);
// the rest is rendered in the browser.
const infoPage: PageHandle = { serverRendered: true };
const notFoundPage: PageHandle = { serverRendered: true, notFound: () => true };
const listingQuery = ({ keyword = '', category, pageNumber }: Params) =>
  productsQuery(keyword, pageFromParam(pageNumber), shelfOrNothing(category));
/** A page past the end of a listing (page 9 of 3) is not there; an empty first page is. */
const pastTheEnd = (params: Params, client: QueryClient) =>
  pageFromParam(params.pageNumber) > 1 &&
  client.getQueryData(listingQuery(params).queryKey)?.products.length === 0;
const listing: PageHandle = {
  serverRendered: true,
  notFound: pastTheEnd,
  prefetch: (client, params) => [client.query(listingQuery(params)).catch(keepInCache)],
};
const shelfListing: PageHandle = {
  serverRendered: true,
  notFound: (params, client) =>
    shelfOrNothing(params.category) === undefined || pastTheEnd(params, client),
  prefetch: (client, params) =>
    shelfOrNothing(params.category) === undefined ? [] : (listing.prefetch?.(client, params) ?? []),
};
const productPage: PageHandle = {
  serverRendered: true,
  prefetch: (client, { id = '' }) => [
    client
      .query(productQuery(id))
      .then((product) =>
        // The structured data tells of delivery at each price the product sells at.
        Promise.all(
          [...pricedDeliveryLines(product).values()].map((line) =>
            fetchOrLeaveOut(client, deliveryQuery([line])),
          ),
        ),
      )
      .catch(keepInCache),
    client.query(similarProductsQuery(id)).catch(keepInCache),
  ],
};

/** Back office pages that staff may not use: they are told what only the owner can do. */
const ownerOnly = (toDo: string, children: RouteObject[]): RouteObject => ({
  element: <RequireOwner toDo={toDo} />,
  children,
});

/** While the back office's own layout arrives. */
function BackOfficeLoading() {
  return (
    <main id="main" className="px-4 py-8 md:px-8">
      <PageLoading />
    </main>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    handle: {
      prefetch: (client) => [
        client.query(shopIdentityQuery()).catch(keepInCache),
        // The banner and holiday, in the first HTML of every storefront page.
        fetchOrLeaveOut(client, deliveryQuery()),
      ],
    } satisfies PageHandle,
    children: [
      { path: '/', element: <HomePage />, handle: listing },
      { path: '/page/:pageNumber', element: <HomePage />, handle: listing },
      { path: '/search/:keyword', element: <SearchPage />, handle: listing },
      { path: '/search/:keyword/page/:pageNumber', element: <SearchPage />, handle: listing },
      { path: '/search/:keyword/:pageNumber', element: <SearchPage />, handle: listing },
      { path: '/category/:category', element: <CategoryPage />, handle: shelfListing },
      {
        path: '/category/:category/page/:pageNumber',
        element: <CategoryPage />,
        handle: shelfListing,
      },
      { path: '/product/:id', element: <ProductPage />, handle: productPage },
      { path: '/basket/:id?', element: <BasketPage /> },
      { path: '/faq', element: <FaqPage />, handle: infoPage },
      { path: '/contact', element: <ContactPage />, handle: infoPage },
      { path: '/dealers-notice', element: <DealersNoticePage />, handle: infoPage },
      { path: '/shipping-info', element: <ShippingInfoPage />, handle: infoPage },
      { path: '/payment-info', element: <PaymentInfoPage />, handle: infoPage },
      { path: '/privacy', element: <PrivacyPage />, handle: infoPage },
      { path: '/terms', element: <TermsPage />, handle: infoPage },
      { path: '/account/login', element: <LoginPage /> },
      { path: '/account/register', element: <RegisterPage /> },
      // A guest's list is kept in the browser, so the page is open to guests too.
      { path: '/account/wishlist', element: <WishlistPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/password-reset/reset/:token', element: <ResetPasswordPage /> },
      // The mailed link that proves an account's address works without signing in.
      { path: '/account/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/newsletter/confirm/:token', element: <ConfirmSubscriptionPage /> },
      { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
      { path: '/stock-alerts/cancel/:token', element: <StockAlertCancelPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          { path: '/account', element: <Navigate to="/account/profile" replace /> },
          { path: '/account/profile', element: <ProfilePage /> },
          { path: '/account/order/:id', element: <OrderPage context="account" /> },
          { path: '/account/order/:id/receipt', element: <ReceiptPage /> },
          { path: '/account/order/:id/thank-you', element: <OrderConfirmationPage /> },
        ],
      },
      {
        element: <RequireShopper />,
        children: [
          { path: '/checkout', element: <Navigate to="/checkout/shipping" replace /> },
          { path: '/checkout/shipping', element: <ShippingPage /> },
          { path: '/checkout/payment', element: <PaymentMethodPage /> },
          { path: '/checkout/placeorder', element: <PlaceOrderPage /> },
        ],
      },
      { path: '/order/:id', element: <OrderPage context="guest" /> },
      { path: '/order/:id/receipt', element: <ReceiptPage /> },
      { path: '*', element: <NotFoundPage />, handle: notFoundPage },
    ],
  },
  {
    // The back office has a layout of its own: staff and the owner only, some pages the owner's.
    path: '/admin',
    element: <RequireBackOffice />,
    children: [
      {
        element: (
          <Suspense fallback={<BackOfficeLoading />}>
            <AdminLayout />
          </Suspense>
        ),
        children: [
          { index: true, element: <DeskPage /> },
          { path: 'orderlist/:pageNumber?', element: <OrderListPage /> },
          { path: 'order/:id', element: <OrderPage context="admin" /> },
          { path: 'slips', element: <SlipsPage /> },
          { path: 'productlist/:pageNumber?', element: <ProductListPage /> },
          { path: 'product/:id/edit', element: <ProductEditPage /> },
          { path: 'customers', element: <CustomerListPage /> },
          { path: 'customers/:id', element: <CustomerPage /> },
          ownerOnly('manage vouchers', [
            { path: 'voucherlist/:pageNumber?', element: <VoucherListPage /> },
          ]),
          ownerOnly('manage accounts', [
            { path: 'userlist/:pageNumber?', element: <UserListPage /> },
            { path: 'user/:id/edit', element: <UserEditPage /> },
          ]),
          ownerOnly('retry failed refunds', [{ path: 'refunds', element: <FailedRefundsPage /> }]),
          ownerOnly('see the newsletter’s subscribers', [
            { path: 'subscriberlist/:pageNumber?', element: <SubscriberListPage /> },
          ]),
          ownerOnly('read the audit log', [{ path: 'audit', element: <AuditLogPage /> }]),
          ownerOnly('look after reviews', [
            { path: 'reviews/:pageNumber?', element: <ReviewsPage /> },
          ]),
          ownerOnly('read the VAT return', [{ path: 'vat', element: <VatPage /> }]),
          ownerOnly('download orders and products, and import prices', [
            { path: 'exports', element: <ExportsPage /> },
          ]),
          ownerOnly('change the settings', [{ path: 'settings', element: <SettingsPage /> }]),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Every screen of the shop at its address, a failing one caught with a way back. */
export function ShopRoutes() {
  return <ScreenErrorBoundary>{useRoutes(routes)}</ScreenErrorBoundary>;
}

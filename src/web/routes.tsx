import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BasketPage } from './features/basket/BasketPage';
import { ProductPage } from './features/catalog/ProductPage';
import { SearchPage } from './features/catalog/SearchPage';
import { ContactPage } from './features/info/ContactPage';
import { DealersNoticePage } from './features/info/DealersNoticePage';
import { FaqPage } from './features/info/FaqPage';
import { PaymentInfoPage } from './features/info/PaymentInfoPage';
import { PrivacyPage } from './features/info/PrivacyPage';
import { ShippingInfoPage } from './features/info/ShippingInfoPage';
import { TermsPage } from './features/info/TermsPage';
import { RequireAdmin, RequireSignedIn } from './layout/guards';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { HomePage } from './pages/HomePage';
import { RouteError } from './layout/RouteError';
import { CategoryPage } from './features/catalog/CategoryPage';
import { productQuery, productsQuery, similarProductsQuery } from './api/products';
import { shopIdentityQuery } from './api/shop';
import { keepInCache, type PageHandle } from './render/page-data';
import { pageFromParam } from './ui/Pagination';
import { shelfSchema } from '../shared/catalog';

const shelfOrNothing = (category: string | undefined) =>
  category === undefined ? undefined : shelfSchema.safeParse(category).data;

// Account, checkout, order and admin screens load on first visit (the Layout shows a placeholder meanwhile), so
// browsing the shop does not download their forms.
const LoginPage = lazy(() =>
  import('./features/account/LoginPage').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('./features/account/RegisterPage').then((module) => ({ default: module.RegisterPage })),
);
const ProfilePage = lazy(() =>
  import('./features/account/ProfilePage').then((module) => ({ default: module.ProfilePage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/account/ForgotPasswordPage').then((module) => ({
    default: module.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/account/ResetPasswordPage').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const UserListPage = lazy(() =>
  import('./features/admin/UserListPage').then((module) => ({ default: module.UserListPage })),
);
const UserEditPage = lazy(() =>
  import('./features/admin/UserEditPage').then((module) => ({ default: module.UserEditPage })),
);
const ShippingPage = lazy(() =>
  import('./features/checkout/ShippingPage').then((module) => ({ default: module.ShippingPage })),
);
const PaymentMethodPage = lazy(() =>
  import('./features/checkout/PaymentMethodPage').then((module) => ({
    default: module.PaymentMethodPage,
  })),
);
const PlaceOrderPage = lazy(() =>
  import('./features/checkout/PlaceOrderPage').then((module) => ({
    default: module.PlaceOrderPage,
  })),
);
const OrderConfirmationPage = lazy(() =>
  import('./features/checkout/OrderConfirmationPage').then((module) => ({
    default: module.OrderConfirmationPage,
  })),
);
const OrderPage = lazy(() =>
  import('./features/orders/OrderPage').then((module) => ({ default: module.OrderPage })),
);
const ReceiptPage = lazy(() =>
  import('./features/orders/ReceiptPage').then((module) => ({ default: module.ReceiptPage })),
);
const FailedRefundsPage = lazy(() =>
  import('./features/admin/FailedRefundsPage').then((module) => ({
    default: module.FailedRefundsPage,
  })),
);
const OrderListPage = lazy(() =>
  import('./features/admin/OrderListPage').then((module) => ({ default: module.OrderListPage })),
);
const ProductListPage = lazy(() =>
  import('./features/admin/ProductListPage').then((module) => ({
    default: module.ProductListPage,
  })),
);
const ProductEditPage = lazy(() =>
  import('./features/admin/ProductEditPage').then((module) => ({
    default: module.ProductEditPage,
  })),
);
const VoucherListPage = lazy(() =>
  import('./features/admin/VoucherListPage').then((module) => ({
    default: module.VoucherListPage,
  })),
);
const SubscriberListPage = lazy(() =>
  import('./features/admin/SubscriberListPage').then((module) => ({
    default: module.SubscriberListPage,
  })),
);
const StockAlertCancelPage = lazy(() =>
  import('./features/catalog/StockAlertCancelPage').then((module) => ({
    default: module.StockAlertCancelPage,
  })),
);
const UnsubscribePage = lazy(() =>
  import('./features/newsletter/UnsubscribePage').then((module) => ({
    default: module.UnsubscribePage,
  })),
);

// The storefront is rendered on the server with the answers it shows (see render/page-data.ts);
// the rest is rendered in the browser.
const infoPage: PageHandle = { serverRendered: true };
const notFoundPage: PageHandle = { serverRendered: true, notFound: () => true };
const listing: PageHandle = {
  serverRendered: true,
  prefetch: (client, { keyword = '', category, pageNumber }) => [
    client
      .query(productsQuery(keyword, pageFromParam(pageNumber), shelfOrNothing(category)))
      .catch(keepInCache),
  ],
};
const shelfListing: PageHandle = {
  serverRendered: true,
  notFound: ({ category }) => shelfOrNothing(category) === undefined,
  prefetch: (client, params) =>
    shelfOrNothing(params.category) === undefined ? [] : (listing.prefetch?.(client, params) ?? []),
};
const productPage: PageHandle = {
  serverRendered: true,
  prefetch: (client, { id = '' }) => [
    client.query(productQuery(id)).catch(keepInCache),
    client.query(similarProductsQuery(id)).catch(keepInCache),
  ],
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    handle: {
      prefetch: (client) => [client.query(shopIdentityQuery()).catch(keepInCache)],
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
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/password-reset/reset/:token', element: <ResetPasswordPage /> },
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
          { path: '/checkout', element: <Navigate to="/checkout/shipping" replace /> },
          { path: '/checkout/shipping', element: <ShippingPage /> },
          { path: '/checkout/payment', element: <PaymentMethodPage /> },
          { path: '/checkout/placeorder', element: <PlaceOrderPage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: '/admin', element: <Navigate to="/admin/orderlist" replace /> },
          { path: '/admin/userlist', element: <UserListPage /> },
          { path: '/admin/user/:id/edit', element: <UserEditPage /> },
          { path: '/admin/orderlist', element: <OrderListPage /> },
          { path: '/admin/order/:id', element: <OrderPage context="admin" /> },
          { path: '/admin/refunds', element: <FailedRefundsPage /> },
          { path: '/admin/productlist/:pageNumber?', element: <ProductListPage /> },
          { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
          { path: '/admin/voucherlist/:pageNumber?', element: <VoucherListPage /> },
          { path: '/admin/subscriberlist/:pageNumber?', element: <SubscriberListPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: notFoundPage },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

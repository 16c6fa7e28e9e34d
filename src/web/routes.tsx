import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireBackOffice, RequireOwner, RequireShopper, RequireSignedIn } from './layout/guards';
import { Layout, PageLoading } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { RouteError } from './layout/RouteError';
import { HomePage } from './pages/HomePage';
import { pageLoaders } from './render/page-loaders';

/** The id of the routes whose pages the server renders whole: the storefront. */
export const STOREFRONT = 'storefront';

/** A screen whose code loads on its first visit, while its loader (if any) fetches its answers. */
const screen =
  <Module,>(load: () => Promise<Module>) =>
  (draw: (module: Module) => ReactNode): Pick<RouteObject, 'lazy'> => ({
    lazy: async () => ({ element: draw(await load()) }),
  });

/**
 * A storefront page whose code loads on its first visit. It is its own error boundary: a page
 * that is not there, or whose answers could not be had, draws itself from the answers its loader
 * left in the cache (a product not found, a page past the end of a listing), and the loader's
 * thrown status is the one the server sends.
 */
const page =
  <Module,>(load: () => Promise<Module>) =>
  (draw: (module: Module) => ReactNode): Pick<RouteObject, 'lazy'> => ({
    lazy: async () => {
      const element = draw(await load());
      return { element, errorElement: element };
    },
  });

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

const search = page(() => import('./features/catalog/SearchPage'));
const category = page(() => import('./features/catalog/CategoryPage'));

/** The storefront: rendered whole on the server, seen without JavaScript and by search engines. */
function storefront(client: QueryClient): RouteObject[] {
  const load = pageLoaders(client);
  // The home page comes with the app.
  const home = { loader: load.listing, element: <HomePage />, errorElement: <HomePage /> };
  return [
    { path: '/', ...home },
    { path: '/page/:pageNumber', ...home },
    { path: '/search/:keyword', loader: load.listing, ...search((m) => <m.SearchPage />) },
    {
      path: '/search/:keyword/page/:pageNumber',
      loader: load.listing,
      ...search((m) => <m.SearchPage />),
    },
    {
      path: '/search/:keyword/:pageNumber',
      loader: load.listing,
      ...search((m) => <m.SearchPage />),
    },
    { path: '/category/:category', loader: load.shelf, ...category((m) => <m.CategoryPage />) },
    {
      path: '/category/:category/page/:pageNumber',
      loader: load.shelf,
      ...category((m) => <m.CategoryPage />),
    },
    {
      path: '/product/:id',
      loader: load.product,
      ...page(() => import('./features/catalog/ProductPage'))((m) => <m.ProductPage />),
    },
    {
      path: '/faq',
      loader: load.info,
      ...page(() => import('./features/info/FaqPage'))((m) => <m.FaqPage />),
    },
    {
      path: '/contact',
      loader: load.info,
      ...page(() => import('./features/info/ContactPage'))((m) => <m.ContactPage />),
    },
    {
      path: '/dealers-notice',
      loader: load.info,
      ...page(() => import('./features/info/DealersNoticePage'))((m) => <m.DealersNoticePage />),
    },
    {
      path: '/shipping-info',
      loader: load.info,
      ...page(() => import('./features/info/ShippingInfoPage'))((m) => <m.ShippingInfoPage />),
    },
    {
      path: '/payment-info',
      loader: load.info,
      ...page(() => import('./features/info/PaymentInfoPage'))((m) => <m.PaymentInfoPage />),
    },
    {
      path: '/privacy',
      loader: load.info,
      ...page(() => import('./features/info/PrivacyPage'))((m) => <m.PrivacyPage />),
    },
    {
      path: '/terms',
      loader: load.info,
      ...page(() => import('./features/info/TermsPage'))((m) => <m.TermsPage />),
    },
    {
      path: '*',
      loader: load.notFound,
      element: <NotFoundPage />,
      errorElement: <NotFoundPage />,
    },
  ];
}

const orderPage = screen(() => import('./features/orders/OrderPage'));
const receiptPage = screen(() => import('./features/orders/ReceiptPage'));

/**
 * Account, basket, checkout and order screens: rendered in the browser, their code loaded on
 * the first visit, so that browsing the shop does not download their forms.
 */
const browserScreens: RouteObject[] = [
  {
    // A basket reminder's link, in whatever browser opens it.
    path: '/basket/restore',
    ...screen(() => import('./features/basket/BasketRestorePage'))((m) => <m.BasketRestorePage />),
  },
  {
    path: '/basket/:id?',
    ...screen(() => import('./pages/BasketScreen'))((m) => <m.BasketScreen />),
  },
  {
    path: '/account/login',
    ...screen(() => import('./features/account/LoginPage'))((m) => <m.LoginPage />),
  },
  {
    path: '/account/register',
    ...screen(() => import('./features/account/RegisterPage'))((m) => <m.RegisterPage />),
  },
  {
    // A guest's list is kept in the browser, so the page is open to guests too.
    path: '/account/wishlist',
    ...screen(() => import('./features/wishlist/WishlistPage'))((m) => <m.WishlistPage />),
  },
  {
    path: '/forgot-password',
    ...screen(() => import('./features/account/ForgotPasswordPage'))((m) => (
      <m.ForgotPasswordPage />
    )),
  },
  {
    path: '/password-reset/reset/:token',
    ...screen(() => import('./features/account/ResetPasswordPage'))((m) => <m.ResetPasswordPage />),
  },
  {
    // The mailed link that proves an account's address works without signing in.
    path: '/account/confirm-email',
    ...screen(() => import('./features/account/ConfirmEmailPage'))((m) => <m.ConfirmEmailPage />),
  },
  {
    path: '/newsletter/confirm/:token',
    ...screen(() => import('./features/newsletter/ConfirmSubscriptionPage'))((m) => (
      <m.ConfirmSubscriptionPage />
    )),
  },
  {
    // A marketing mail's one-click link; a mail program POSTs to the same address instead.
    path: '/unsubscribe',
    ...screen(() => import('./features/newsletter/OneClickUnsubscribePage'))((m) => (
      <m.OneClickUnsubscribePage />
    )),
  },
  {
    path: '/unsubscribe/:token',
    ...screen(() => import('./features/newsletter/UnsubscribePage'))((m) => <m.UnsubscribePage />),
  },
  {
    path: '/stock-alerts/cancel/:token',
    ...screen(() => import('./features/catalog/StockAlertCancelPage'))((m) => (
      <m.StockAlertCancelPage />
    )),
  },
  {
    element: <RequireSignedIn />,
    children: [
      { path: '/account', element: <Navigate to="/account/profile" replace /> },
      {
        path: '/account/profile',
        ...screen(() => import('./features/account/ProfilePage'))((m) => <m.ProfilePage />),
      },
      { path: '/account/order/:id', ...orderPage((m) => <m.OrderPage context="account" />) },
      { path: '/account/order/:id/receipt', ...receiptPage((m) => <m.ReceiptPage />) },
      {
        path: '/account/order/:id/thank-you',
        ...screen(() => import('./features/checkout/OrderConfirmationPage'))((m) => (
          <m.OrderConfirmationPage />
        )),
      },
    ],
  },
  {
    element: <RequireShopper />,
    children: [
      { path: '/checkout', element: <Navigate to="/checkout/shipping" replace /> },
      {
        path: '/checkout/shipping',
        ...screen(() => import('./features/checkout/ShippingPage'))((m) => <m.ShippingPage />),
      },
      {
        path: '/checkout/payment',
        ...screen(() => import('./features/checkout/PaymentMethodPage'))((m) => (
          <m.PaymentMethodPage />
        )),
      },
      {
        path: '/checkout/placeorder',
        ...screen(() => import('./features/checkout/PlaceOrderPage'))((m) => <m.PlaceOrderPage />),
      },
    ],
  },
  { path: '/order/:id', ...orderPage((m) => <m.OrderPage context="guest" />) },
  { path: '/order/:id/receipt', ...receiptPage((m) => <m.ReceiptPage />) },
];

/** The back office's pages, under `/admin`. */
const backOffice: RouteObject[] = [
  {
    index: true,
    ...screen(() => import('./features/desk/DeskPage'))((m) => <m.DeskPage />),
  },
  {
    path: 'orderlist/:pageNumber?',
    ...screen(() => import('./features/orders/order-list/OrderListPage'))((m) => (
      <m.OrderListPage />
    )),
  },
  { path: 'order/:id', ...orderPage((m) => <m.OrderPage context="admin" />) },
  {
    path: 'slips',
    ...screen(() => import('./features/orders/slips/SlipsPage'))((m) => <m.SlipsPage />),
  },
  {
    path: 'productlist/:pageNumber?',
    ...screen(() => import('./features/catalog/ProductListPage'))((m) => <m.ProductListPage />),
  },
  {
    path: 'product/:id/edit',
    ...screen(() => import('./features/catalog/ProductEditPage'))((m) => <m.ProductEditPage />),
  },
  {
    path: 'customers',
    ...screen(() => import('./features/customers/CustomerListPage'))((m) => <m.CustomerListPage />),
  },
  {
    path: 'customers/:id',
    ...screen(() => import('./features/customers/CustomerPage'))((m) => <m.CustomerPage />),
  },
  ownerOnly('manage vouchers', [
    {
      path: 'voucherlist/:pageNumber?',
      ...screen(() => import('./features/vouchers/VoucherListPage'))((m) => <m.VoucherListPage />),
    },
  ]),
  ownerOnly('manage promotions', [
    {
      path: 'promotions/:pageNumber?',
      ...screen(() => import('./features/promotions/PromotionListPage'))((m) => (
        <m.PromotionListPage />
      )),
    },
  ]),
  ownerOnly('manage gift cards', [
    {
      path: 'gift-cards',
      ...screen(() => import('./features/gift-cards/GiftCardListPage'))((m) => (
        <m.GiftCardListPage />
      )),
    },
  ]),
  ownerOnly('manage accounts', [
    {
      path: 'userlist/:pageNumber?',
      ...screen(() => import('./features/users/UserListPage'))((m) => <m.UserListPage />),
    },
    {
      path: 'user/:id/edit',
      ...screen(() => import('./features/users/UserEditPage'))((m) => <m.UserEditPage />),
    },
  ]),
  ownerOnly('retry failed refunds', [
    {
      path: 'refunds',
      ...screen(() => import('./features/orders/refunds/FailedRefundsPage'))((m) => (
        <m.FailedRefundsPage />
      )),
    },
  ]),
  ownerOnly('see the newsletter’s subscribers', [
    {
      path: 'subscriberlist/:pageNumber?',
      ...screen(() => import('./features/newsletter/SubscriberListPage'))((m) => (
        <m.SubscriberListPage />
      )),
    },
  ]),
  ownerOnly('write and send newsletters', [
    {
      path: 'newsletters/:pageNumber?',
      ...screen(() => import('./features/newsletter/NewsletterListPage'))((m) => (
        <m.NewsletterListPage />
      )),
    },
    {
      path: 'newsletter/:id',
      ...screen(() => import('./features/newsletter/NewsletterEditorPage'))((m) => (
        <m.NewsletterEditorPage />
      )),
    },
  ]),
  ownerOnly('read the audit log', [
    {
      path: 'audit',
      ...screen(() => import('./features/audit/AuditLogPage'))((m) => <m.AuditLogPage />),
    },
  ]),
  ownerOnly('look after reviews', [
    {
      path: 'reviews/:pageNumber?',
      ...screen(() => import('./features/reviews/ReviewsPage'))((m) => <m.ReviewsPage />),
    },
  ]),
  ownerOnly('read the VAT return', [
    { path: 'vat', ...screen(() => import('./features/vat/VatPage'))((m) => <m.VatPage />) },
  ]),
  ownerOnly('download orders and products, and import prices', [
    {
      path: 'exports',
      ...screen(() => import('./features/exports/ExportsPage'))((m) => <m.ExportsPage />),
    },
  ]),
  ownerOnly('change the settings', [
    {
      path: 'settings',
      ...screen(() => import('./features/settings/SettingsPage'))((m) => <m.SettingsPage />),
    },
  ]),
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every screen of the shop at its address, the storefront's answers fetched into `client` by
 * its loaders. A screen that fails while drawing is caught with a sentence and a way back.
 */
export function shopRoutes(client: QueryClient): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <Layout />,
          children: [
            {
              id: STOREFRONT,
              hydrateFallbackElement: <PageLoading />,
              children: storefront(client),
            },
            { hydrateFallbackElement: <PageLoading />, children: browserScreens },
          ],
        },
        {
          // The back office has a layout of its own: staff and the owner only, some pages the
          // owner's.
          path: '/admin',
          element: <RequireBackOffice />,
          hydrateFallbackElement: <BackOfficeLoading />,
          children: [
            {
              ...screen(() => import('./back-office/AdminLayout'))((m) => <m.AdminLayout />),
              children: backOffice,
            },
          ],
        },
      ],
    },
  ];
}

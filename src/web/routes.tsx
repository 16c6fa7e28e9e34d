import { createBrowserRouter, type RouteObject } from 'react-router';
import { BasketPage } from './features/basket/BasketPage';
import { ProductPage } from './features/catalog/ProductPage';
import { SearchPage } from './features/catalog/SearchPage';
import { FaqPage } from './features/info/FaqPage';
import { PaymentInfoPage } from './features/info/PaymentInfoPage';
import { PrivacyPage } from './features/info/PrivacyPage';
import { ShippingInfoPage } from './features/info/ShippingInfoPage';
import { TermsPage } from './features/info/TermsPage';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { HomePage } from './pages/HomePage';
import { RouteError } from './layout/RouteError';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/page/:pageNumber', element: <HomePage /> },
      { path: '/search/:keyword', element: <SearchPage /> },
      { path: '/search/:keyword/page/:pageNumber', element: <SearchPage /> },
      { path: '/search/:keyword/:pageNumber', element: <SearchPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/basket/:id?', element: <BasketPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/shipping-info', element: <ShippingInfoPage /> },
      { path: '/payment-info', element: <PaymentInfoPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ShopRoutes } from './routes';

/** The shop in the browser: its answers and its addresses. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '../../src/web/api/query-client';

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a piece of the app inside the providers it needs, at an address of the test's choosing. */
export function renderInApp(element: ReactNode, { at = '/' }: { at?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <WhereAmI />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { takeOverPageState } from './render/page-state';
import { SiteContext } from './state/site';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// A storefront page arrives rendered with its answers: the app takes it over as it is.
const renderedSite = takeOverPageState(queryClient);
const app = (
  <StrictMode>
    <SiteContext value={renderedSite ?? { origin: window.location.origin }}>
      <App queryClient={queryClient} />
    </SiteContext>
  </StrictMode>
);
if (renderedSite) hydrateRoot(root, app);
else createRoot(root).render(app);

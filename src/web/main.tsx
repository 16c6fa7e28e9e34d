import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { takeOverPageState } from './render/page-state';
import { SiteContext } from './state/site';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * React swaps a screen's `<title>` by removing the old one and adding the new one, and for a
 * screen that loads on demand the two can land in different commits. Between them the document
 * would have no title; the last one is put back until the new screen's arrives (and takes it).
 */
function keepADocumentTitle() {
  let last = document.title;
  new MutationObserver(() => {
    if (document.querySelector('head > title')) {
      last = document.title;
      return;
    }
    const title = document.createElement('title');
    title.textContent = last;
    document.head.append(title);
  }).observe(document.head, { childList: true, subtree: true, characterData: true });
}

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
keepADocumentTitle();
if (renderedSite) hydrateRoot(root, app);
else createRoot(root).render(app);

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { takeOverPageState } from './render/page-state';
import { SiteContext } from './state/site';
import { keepsAnything } from './state/stored';
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
  let standIn: HTMLTitleElement | null = null;
  new MutationObserver(() => {
    const screens = [...document.head.querySelectorAll('title')].filter(
      (title) => title !== standIn,
    );
    if (screens.length > 0) {
      // The new screen's title has come: the stand-in goes, or the document would keep its words.
      standIn?.remove();
      standIn = null;
      last = document.title;
      return;
    }
    if (standIn) return;
    standIn = document.createElement('title');
    standIn.textContent = last;
    document.head.append(standIn);
  }).observe(document.head, { childList: true, subtree: true, characterData: true });
}

async function start(root: HTMLElement) {
  // What an earlier visit kept (a basket, a session) is put back before the first render, so
  // that a screen which needs it (checkout, the account) finds it there.
  if (keepsAnything()) (await import('./state/restore-stored')).restoreStored();
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
  if (!renderedSite) {
    createRoot(root).render(app);
    return;
  }
  // As a transition the take-over yields to the browser every few milliseconds instead of holding
  // the page for the whole of it; a click meanwhile makes React finish the part clicked at once.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

void start(root);

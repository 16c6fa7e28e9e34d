import type { Settings } from '../../shared/settings/settings';
import type { CatalogueWatch } from '../catalog/catalogue-watch';
import { showingOn } from './delivery-options';

/** How often the notices showing are looked at: a page shows a new day's within this long. */
export const NOTICES_LOOK_EVERY_MS = 60_000;

/**
 * Every storefront page carries the banner and holiday of the day it was made on, and is kept
 * until something it shows changes. A save of the settings drops the pages kept; the day turning
 * does not, so a page made before midnight would go on without a banner that starts today. This
 * looks each minute at what shows, and drops every page kept when that has changed other than by
 * a save (which has dropped them already).
 */
export function dropPagesWhenNoticesTurn(
  settings: { current(): Pick<Settings, 'version' | 'banner' | 'holiday'> },
  watch: Pick<CatalogueWatch, 'everythingChangedHere'>,
  { now = () => new Date(), lookEveryMs = NOTICES_LOOK_EVERY_MS } = {},
): { close(): void } {
  const showing = () => {
    const { version, banner, holiday } = settings.current();
    const at = now();
    return {
      version,
      notices: JSON.stringify([showingOn(banner, at), showingOn(holiday, at)]),
    };
  };
  let seen = showing();
  const timer = setInterval(() => {
    const next = showing();
    if (next.version === seen.version && next.notices !== seen.notices) {
      watch.everythingChangedHere();
    }
    seen = next;
  }, lookEveryMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}

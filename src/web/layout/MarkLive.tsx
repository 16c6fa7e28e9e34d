import { useEffect } from 'react';

/**
 * Marks the document once the app has taken the page over, the screen's own code included, and
 * answers clicks (`<html data-app="live">`). What watches the page, such as the shop's browser
 * journeys, waits for it rather than clicking a button that is still only drawn.
 */
export function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return null;
}

import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Tells every listener as each minute of the clock begins, while anyone listens. */
function tickAtNextMinute() {
  timer = setTimeout(
    () => {
      for (const listener of listeners) listener();
      tickAtNextMinute();
    },
    MINUTE_MS - (Date.now() % MINUTE_MS),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) tickAtNextMinute();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/** The minute now, as milliseconds since 1970: the same number for the whole of a minute. */
function thisMinute() {
  const now = Date.now();
  return now - (now % MINUTE_MS);
}

/**
 * The time now, to the minute, and again as each minute begins. Undefined while the server
 * renders a page and while the browser takes it over: a page may be kept and sent for minutes
 * after it was made, so nothing in its first HTML may move with the clock. React renders again
 * with the time once the page is the browser's.
 */
export function useMinuteClock(): Date | undefined {
  const minute = useSyncExternalStore<number | undefined>(subscribe, thisMinute, () => undefined);
  return minute === undefined ? undefined : new Date(minute);
}

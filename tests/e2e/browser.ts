import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../scripts/chromium';

/** The Chromium `npm test` found (or installed) before the build: see scripts/chromium.ts. */
export const CHROMIUM_PATH = chromiumPath();

/** That Chromium, headless, with nothing that reaches outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

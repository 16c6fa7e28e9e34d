import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll } from 'vitest';

const LEVELS = ['error', 'warn'] as const;

/**
 * What was said on console.error or console.warn during the current test: React's warnings (an
 * update outside act(), a missing key, a bad prop), jsdom's "not implemented", a library's
 * complaint. The app itself writes nothing there, so each one fails the test it came from.
 */
let complaints: string[] = [];
const originals = new Map<(typeof LEVELS)[number], PropertyDescriptor | undefined>();

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

beforeAll(() => {
  // React warns of an update outside act() only where it is told it runs under tests. Testing
  // Library says so itself only where the test functions are globals, which they are not here.
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  for (const level of LEVELS) {
    originals.set(level, Object.getOwnPropertyDescriptor(console, level));
    const say = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      complaints.push(`console.${level}: ${format(...args)}`);
      say(...args);
    };
  }
});

afterAll(() => {
  for (const [level, original] of originals) {
    if (original) Object.defineProperty(console, level, original);
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  const said = complaints;
  complaints = [];
  if (said.length > 0) {
    throw new Error(`The test wrote to the console, which a test must not:\n${said.join('\n')}`);
  }
});

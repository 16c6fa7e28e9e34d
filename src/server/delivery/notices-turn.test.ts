import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../shared/settings/settings';
import { dropPagesWhenNoticesTurn, NOTICES_LOOK_EVERY_MS } from './notices-turn';

type Notices = Pick<Settings, 'version' | 'banner' | 'holiday'>;

const SALE = { text: 'Winter sale: 20% off scarves', from: '2026-12-01', to: '2026-12-06' };

describe('pages kept across midnight', () => {
  let held: Notices;
  let drops: number;
  let turns: { close(): void };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    held = { version: 3, banner: SALE, holiday: null };
    drops = 0;
    turns = dropPagesWhenNoticesTurn(
      { current: () => held },
      { everythingChangedHere: () => (drops += 1) },
    );
  });
  afterEach(() => {
    turns.close();
    vi.useRealTimers();
  });

  /** The clock moves to a UK moment, and the next look is taken. */
  const lookAt = async (instant: string) => {
    vi.setSystemTime(new Date(instant));
    await vi.advanceTimersByTimeAsync(NOTICES_LOOK_EVERY_MS);
  };

  it('drops them when a banner starts at midnight, and when it ends, and not between', async () => {
    await lookAt('2026-11-30T23:58:00Z');
    expect(drops).toBe(0);
    await lookAt('2026-12-01T00:00:30Z');
    expect(drops).toBe(1);
    await lookAt('2026-12-03T12:00:00Z');
    expect(drops).toBe(1);
    await lookAt('2026-12-07T00:00:10Z');
    expect(drops).toBe(2);
  });

  it('counts the day in UK time: in summer a banner starts at 23:00 UTC', async () => {
    await lookAt('2026-06-30T22:30:00Z');
    held = { ...held, banner: { ...SALE, from: '2026-07-01', to: '2026-07-31' } };
    await lookAt('2026-06-30T22:31:00Z');
    expect(drops).toBe(0);
    await lookAt('2026-06-30T23:00:30Z');
    expect(drops).toBe(1);
  });

  it('leaves a save to drop them itself, when it changes what shows', async () => {
    await lookAt('2026-11-30T12:00:00Z');
    held = {
      version: 4,
      banner: null,
      holiday: { from: '2026-11-30', to: '2026-12-04', message: 'Away', pauseCheckout: true },
    };
    await lookAt('2026-11-30T12:01:00Z');
    expect(drops).toBe(0);
    // The holiday ends with the 4th: from the 5th it shows no more.
    await lookAt('2026-12-05T00:00:30Z');
    expect(drops).toBe(1);
  });
});

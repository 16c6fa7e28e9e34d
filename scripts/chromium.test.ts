import { describe, expect, it } from 'vitest';
import {
  chromiumPath,
  DEBIAN_CHROMIUM,
  installFailedMessage,
  planChromium,
  type Machine,
} from './chromium';

const machine = (overrides: Partial<Machine> & { programs?: string[] } = {}): Machine => {
  const { programs = [], ...rest } = overrides;
  return {
    isProgram: (file) => programs.includes(file),
    installer: 'none',
    hasApt: true,
    hasSudo: true,
    ...rest,
  };
};

describe('finding Chromium for the browser journeys', () => {
  it("uses the one CHROMIUM_PATH names, else Debian's", () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' })).toBe('/opt/chrome/chrome');
    expect(chromiumPath({ CHROMIUM_PATH: '' })).toBe(DEBIAN_CHROMIUM);
    expect(chromiumPath({})).toBe(DEBIAN_CHROMIUM);
  });

  it('runs with a Chromium that is there, whoever is running', () => {
    expect(planChromium({}, machine({ programs: [DEBIAN_CHROMIUM] }))).toEqual({
      action: 'use',
      path: DEBIAN_CHROMIUM,
    });
    const given = { CHROMIUM_PATH: '/opt/chrome/chrome' };
    expect(planChromium(given, machine({ programs: ['/opt/chrome/chrome'] }))).toEqual({
      action: 'use',
      path: '/opt/chrome/chrome',
    });
  });

  it("installs Debian's package as root, or through sudo without a password", () => {
    expect(planChromium({}, machine({ installer: 'root' }))).toEqual({
      action: 'install',
      path: DEBIAN_CHROMIUM,
      via: 'root',
    });
    expect(planChromium({}, machine({ installer: 'sudo' }))).toMatchObject({ via: 'sudo' });
  });

  it('stops with the commands to run when it may not install', () => {
    const plan = planChromium({ npm_lifecycle_event: 'test' }, machine());
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain(
      '    sudo apt-get update && sudo apt-get install -y chromium && npm test',
    );
    expect(plan.action === 'stop' && plan.message).toContain(
      '    CHROMIUM_PATH=/path/to/chromium npm test',
    );
    const withoutSudo = planChromium(
      { npm_lifecycle_event: 'test:e2e' },
      machine({ hasSudo: false }),
    );
    expect(withoutSudo.action === 'stop' && withoutSudo.message).toContain(
      "    su -c 'apt-get update && apt-get install -y chromium' && npm run test:e2e",
    );
  });

  it('says what went wrong, and what to run, when the install gave no Chromium', () => {
    const message = installFailedMessage(
      {},
      machine({ installer: 'root' }),
      'apt-get install -y -qq chromium exited with 100',
    );
    expect(message).toContain('exited with 100');
    expect(message).toContain('    apt-get update && apt-get install -y chromium && npm test');
  });

  it('never installs over a CHROMIUM_PATH that names nothing', () => {
    const plan = planChromium(
      { CHROMIUM_PATH: '/nowhere/chromium' },
      machine({ installer: 'root', programs: [DEBIAN_CHROMIUM] }),
    );
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain(
      'CHROMIUM_PATH is /nowhere/chromium, and there is no program there.',
    );
    expect(plan.action === 'stop' && plan.message).toContain('    unset CHROMIUM_PATH && npm test');
  });

  it('says to use another package manager where there is no apt-get', () => {
    const plan = planChromium({}, machine({ installer: 'root', hasApt: false }));
    expect(plan.action === 'stop' && plan.message).toContain('no apt-get');
  });
});

// The browser journeys' Chromium, found before `npm test` spends minutes on the build: the one
// CHROMIUM_PATH names, else Debian's at /usr/bin/chromium, which is installed here when this user
// may (as root, or through sudo without a password). Otherwise the tests stop at once, saying
// exactly what to run. `tsx scripts/chromium.ts` checks and prints the Chromium found.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the journeys launch: the one CHROMIUM_PATH names, else Debian's. */
export function chromiumPath(environment: NodeJS.ProcessEnv = process.env): string {
  const given = environment.CHROMIUM_PATH?.trim();
  return given ? given : DEBIAN_CHROMIUM;
}

/** What the machine offers, as far as finding or installing Chromium goes. */
export interface Machine {
  isProgram(file: string): boolean;
  /** How this user may install Debian's packages: as root, through sudo without a password, or not. */
  installer: 'root' | 'sudo' | 'none';
  hasApt: boolean;
  hasSudo: boolean;
}

export type ChromiumPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string; via: 'root' | 'sudo' }
  | { action: 'stop'; message: string };

const INDENT = '    ';

/** The command that runs the tests again as they were run: `npm test`, or `npm run test:e2e`. */
function rerun(environment: NodeJS.ProcessEnv): string {
  const script = environment.npm_lifecycle_event;
  return script?.startsWith('test:') ? `npm run ${script}` : 'npm test';
}

/** The command that installs Debian's Chromium, as this user can run it. */
function aptCommand(machine: Machine): string {
  if (machine.installer === 'root') return 'apt-get update && apt-get install -y chromium';
  return machine.hasSudo
    ? 'sudo apt-get update && sudo apt-get install -y chromium'
    : "su -c 'apt-get update && apt-get install -y chromium'";
}

function orPointAtOne(environment: NodeJS.ProcessEnv): string[] {
  return [
    '',
    'Or point CHROMIUM_PATH at a Chromium (or Google Chrome) you already have:',
    '',
    `${INDENT}CHROMIUM_PATH=/path/to/chromium ${rerun(environment)}`,
  ];
}

export function installFailedMessage(
  environment: NodeJS.ProcessEnv,
  machine: Machine,
  outcome: string,
): string {
  return [
    `The browser journeys need Chromium, and installing Debian's package did not give one at ${DEBIAN_CHROMIUM}: ${outcome}.`,
    'Run the install yourself to see why, then the tests:',
    '',
    `${INDENT}${aptCommand(machine)} && ${rerun(environment)}`,
    ...orPointAtOne(environment),
  ].join('\n');
}

/** Decides, without side effects, whether the journeys can run, what to install, or why not. */
export function planChromium(environment: NodeJS.ProcessEnv, machine: Machine): ChromiumPlan {
  const path = chromiumPath(environment);
  if (machine.isProgram(path)) return { action: 'use', path };
  if (path !== DEBIAN_CHROMIUM) {
    const debian = machine.isProgram(DEBIAN_CHROMIUM)
      ? `to use Debian's Chromium at ${DEBIAN_CHROMIUM}`
      : `to use Debian's Chromium at ${DEBIAN_CHROMIUM}, which the tests then install or say how to`;
    return {
      action: 'stop',
      message: [
        `CHROMIUM_PATH is ${path}, and there is no program there.`,
        `Point it at a Chromium, or leave it unset ${debian}:`,
        '',
        `${INDENT}unset CHROMIUM_PATH && ${rerun(environment)}`,
      ].join('\n'),
    };
  }
  if (!machine.hasApt) {
    return {
      action: 'stop',
      message: [
        `The browser journeys need Chromium, and there is none at ${DEBIAN_CHROMIUM}; this machine has no apt-get to install Debian's package.`,
        "Install Chromium with this system's own package manager, then run:",
        '',
        `${INDENT}CHROMIUM_PATH=/path/to/chromium ${rerun(environment)}`,
      ].join('\n'),
    };
  }
  if (machine.installer === 'none') {
    return {
      action: 'stop',
      message: [
        `The browser journeys need Chromium, and there is none at ${DEBIAN_CHROMIUM}.`,
        "Install Debian's package (this needs root), then run the tests again:",
        '',
        `${INDENT}${aptCommand(machine)} && ${rerun(environment)}`,
        ...orPointAtOne(environment),
      ].join('\n'),
    };
  }
  return { action: 'install', path, via: machine.installer };
}

function succeeds(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
}

function isProgram(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function probeMachine(): Machine {
  const hasSudo = succeeds('sudo', ['--version']);
  const isRoot = process.getuid?.() === 0;
  return {
    isProgram,
    installer: isRoot ? 'root' : hasSudo && succeeds('sudo', ['-n', 'true']) ? 'sudo' : 'none',
    hasApt: succeeds('apt-get', ['--version']),
    hasSudo,
  };
}

/** Runs apt-get, quietly unless it fails; answers what went wrong, or undefined. */
function installDebianChromium(via: 'root' | 'sudo'): string | undefined {
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const [command, commandArgs] =
      via === 'sudo'
        ? ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]]
        : ['apt-get', args];
    const result = spawnSync(command, commandArgs, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const what = `apt-get ${args.join(' ')}`;
    if (result.error) return `${what} could not run (${result.error.message})`;
    if (result.status !== 0) return `${what} exited with ${result.status ?? result.signal}`;
  }
  return undefined;
}

function versionOf(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return /Chrom\S* [\d.]+/.exec(result.stdout)?.[0] ?? 'Chromium';
}

function stop(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function main() {
  const machine = probeMachine();
  const plan = planChromium(process.env, machine);
  if (plan.action === 'stop') stop(plan.message);
  if (plan.action === 'install') {
    console.info(
      `Installing Debian's Chromium for the browser journeys (apt-get install chromium)…`,
    );
    const failure = installDebianChromium(plan.via);
    if (failure !== undefined || !isProgram(plan.path)) {
      const outcome = failure ?? 'apt-get succeeded, yet there is no program there';
      stop(installFailedMessage(process.env, machine, outcome));
    }
  }
  console.info(`Browser journeys: ${versionOf(plan.path)} at ${plan.path}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

import type { FastifyBaseLogger } from 'fastify';
import type { Settings, SettingsSections } from '../../shared/settings/settings';
import type { CatalogueWatch } from '../catalog/catalogue-watch';
import type { ShopDatabase } from '../db/database';
import { nowIso } from '../sql/timestamps';
import { isDatabaseUnreachable } from '../db/unreachable';
import { documentOf } from './settings-document';
import { insertFirstSettings, readSettings, readSettingsVersion } from './settings.repository';

/** The shop's settings as this instance holds them: what every consumer reads, per request. */
export interface ShopSettings {
  /** The settings now, from memory: never a call to the database. */
  current(): Settings;
}

/** The settings an instance holds, and keeps up to date. */
export interface HeldSettings extends ShopSettings {
  /** What a section missing from a saved document is taken to be. */
  readonly defaults: SettingsSections;
  /** Takes the settings this instance has just saved, at once. */
  took(saved: Settings): void;
  /** Stops looking; waits for a look under way. */
  close(): Promise<void>;
}

interface HoldOptions {
  /** The settings of a new shop, from the environment. */
  defaults: SettingsSections;
  /** Told that everything kept may be stale once new settings are held; tells of saves. */
  watch: Pick<CatalogueWatch, 'everythingChangedHere' | 'onSettingsSaved'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How often the version is looked at, in case a save went unheard (or SQLite, which tells none). */
  lookEveryMs?: number;
}

/**
 * A save on another instance reaches this one within this long at worst: on PostgreSQL it is
 * heard as it commits, and this is for one that went unheard; on SQLite it is the only way.
 */
export const SETTINGS_LOOK_EVERY_MS = 2000;

/** The document saved, or, on a new shop, the one the environment makes, written once. */
async function loadOrSeed(
  database: ShopDatabase,
  defaults: SettingsSections,
  log: HoldOptions['log'],
): Promise<Settings> {
  const saved = await readSettings(database.db);
  if (saved) return documentOf(saved, defaults);
  const written = await insertFirstSettings(database.db, { sections: defaults, at: nowIso() });
  const first = await readSettings(database.db);
  if (!first) throw new Error('The settings could not be written');
  if (written) {
    log.info(
      'Settings written from the environment (SHOP_*, GIFT_WRAP_PRICE, LOW_STOCK, VAT_*); ' +
        'from now on they are changed at /admin/settings',
    );
  }
  return documentOf(first, defaults);
}

/**
 * Loads the settings (writing the environment's on a new shop, once however many instances start
 * together) and holds them in memory. A save here is taken at once; one elsewhere as the database
 * tells of it, or at the next look at the version. New settings are held first, and only then is
 * everything the response cache keeps dropped: a page made meanwhile from the old ones is dropped
 * with the rest.
 */
export async function holdSettings(
  database: ShopDatabase,
  { defaults, watch, log, lookEveryMs = SETTINGS_LOOK_EVERY_MS }: HoldOptions,
): Promise<HeldSettings> {
  let held = await loadOrSeed(database, defaults, log);
  let looking: Promise<void> = Promise.resolve();
  let closed = false;

  function hold(settings: Settings) {
    if (settings.version <= held.version) return;
    held = settings;
    watch.everythingChangedHere();
  }

  async function lookAgain() {
    const version = await readSettingsVersion(database.db);
    if (version === undefined || version <= held.version) return;
    const saved = await readSettings(database.db);
    if (saved) hold(documentOf(saved, defaults));
  }

  /** One look at a time; a look asked for meanwhile follows it. */
  function look() {
    if (closed) return;
    looking = looking.then(lookAgain).catch((error: unknown) => {
      // While the database is away every call waits for it; the settings held stay meanwhile.
      if (isDatabaseUnreachable(error)) return;
      log.error({ err: error }, 'The settings could not be loaded again');
    });
  }

  watch.onSettingsSaved(look);
  const timer = setInterval(look, lookEveryMs);
  timer.unref();

  return {
    defaults,
    current: () => held,
    took: hold,
    async close() {
      closed = true;
      clearInterval(timer);
      await looking;
    },
  };
}

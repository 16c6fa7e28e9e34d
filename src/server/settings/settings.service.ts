import {
  SETTINGS_CHANGED_MESSAGE,
  type Settings,
  type SettingsSections,
} from '../../shared/settings/settings';
import { recordChange, type Actor } from '../audit/audit-log';
import type { ShopDatabase } from '../db/database';
import { nowIso } from '../sql/timestamps';
import { ShopError } from '../http/errors';
import { documentOf } from './settings-document';
import { readSettings, replaceSettings } from './settings.repository';
import type { HeldSettings } from './shop-settings';

/** What the settings' calls are given: the database, and the settings this instance holds. */
export interface SettingsContext {
  database: ShopDatabase;
  settings: HeldSettings;
}

/** How the audit log names the settings: there is one document. */
const SETTINGS_TARGET = { type: 'settings', id: 'settings', label: 'Settings' } as const;

const settingsChanged = () => new ShopError('SETTINGS_CHANGED', SETTINGS_CHANGED_MESSAGE);

/**
 * The settings as saved now, read from the database rather than memory: the owner edits the
 * latest even when this instance has not yet heard of a save made on another.
 */
export async function savedSettings({ database, settings }: SettingsContext): Promise<Settings> {
  const stored = await readSettings(database.db);
  if (!stored) return settings.current();
  const saved = documentOf(stored, settings.defaults);
  settings.took(saved);
  return saved;
}

/**
 * Replaces the settings with the owner's, if they were read at the version saved now (else 409
 * SETTINGS_CHANGED, and nothing changes), with an audit entry of the whole document before and
 * after, in one transaction. Sections the document holds that this shop does not know (saved by
 * a newer instance during an upgrade) are kept. This instance holds the new settings at once;
 * the others hear of them from the database.
 */
export async function saveSettings(
  { database, settings }: SettingsContext,
  admin: Actor,
  { version, ...sections }: Settings,
): Promise<Settings> {
  const saved = await database.db.transaction().execute(async (trx) => {
    const stored = await readSettings(trx);
    if (stored?.version !== version) throw settingsChanged();
    const before = documentOf(stored, settings.defaults);
    const replaced = await replaceSettings(trx, {
      version,
      sections: { ...stored.sections, ...sections } satisfies Partial<SettingsSections>,
      at: nowIso(),
    });
    // Another save came between the read and the write.
    if (!replaced) throw settingsChanged();
    const after: Settings = { ...sections, version: version + 1 };
    await recordChange(trx, admin, {
      action: 'settings.updated',
      target: SETTINGS_TARGET,
      before,
      after,
    });
    return after;
  });
  settings.took(saved);
  return saved;
}

import {
  settingsSchema,
  type Settings,
  type SettingsSections,
} from '../../shared/settings/settings';
import type { StoredSettings } from './settings.repository';

/**
 * The document a row holds, checked: each section it has, and for each it lacks (one a later
 * change added) the shop's default. A section it has that breaks the rules is an error: the shop
 * saves only documents that keep them.
 */
export function documentOf(stored: StoredSettings, defaults: SettingsSections): Settings {
  const checked = settingsSchema.safeParse({
    ...defaults,
    ...stored.sections,
    version: stored.version,
  });
  if (checked.success) return checked.data;
  const [issue] = checked.error.issues;
  throw new Error(
    `The settings saved at version ${stored.version} break a rule: ` +
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not valid'}`,
  );
}

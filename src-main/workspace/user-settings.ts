// The user's own app settings (who labels), kept per user beside the trust file, never in the shared aieval.yaml.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userSettings, type UserSettings } from '../../src-shared/model';
import { writeFileAtomic } from './write-file';

const DEFAULTS: UserSettings = { reviewer: '', storeUrl: '' };

/** A file `user-settings.json` in the per-user config folder; with no folder (tests), the settings live in memory. */
export class UserSettingsStore {
  private readonly file: string | undefined;
  private memory: UserSettings = DEFAULTS;

  constructor(configDir?: string) {
    this.file = configDir === undefined ? undefined : join(configDir, 'user-settings.json');
  }

  /** The settings; a file that is unreadable or does not match the schema gives the defaults, not an error. */
  get(): UserSettings {
    if (this.file === undefined || !existsSync(this.file)) return this.memory;
    try {
      const parsed = userSettings.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      return parsed.success ? parsed.data : DEFAULTS;
    } catch {
      return DEFAULTS;
    }
  }

  update(patch: Partial<UserSettings>): UserSettings {
    const next = { ...this.get(), ...patch };
    if (this.file === undefined) this.memory = next;
    else writeFileAtomic(this.file, JSON.stringify(next, null, 2));
    return next;
  }
}

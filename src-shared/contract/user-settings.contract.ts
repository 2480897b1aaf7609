// Calls for the user's own settings, kept per user outside the workspace (who labels).
import { userSettings } from '../model';
import { call, noInput } from '../rpc/define';

export const userSettingsContract = {
  /** The user's settings: `reviewer` is the name every label from this app is stored with ('' : unnamed). */
  'userSettings.get': call(() => ({ input: noInput, output: userSettings })),
  /** Changes who labels (left out: stays); returns the settings as saved. The store setting is not changed by a call. */
  'userSettings.update': call(() => ({ input: userSettings.pick({ reviewer: true }).partial(), output: userSettings })),
} as const;

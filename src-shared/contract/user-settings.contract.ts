// Calls for the user's own settings, kept per user outside the workspace (who labels).
import { userSettings } from '../model';
import { call, noInput } from '../rpc/define';

export const userSettingsContract = {
  /** The user's settings: `reviewer` is the name every label from this app is stored with ('' : unnamed). */
  'userSettings.get': call(() => ({ input: noInput, output: userSettings })),
  /** Changes the user's settings (fields left out stay); returns them as saved. */
  'userSettings.update': call(() => ({ input: userSettings.partial(), output: userSettings })),
} as const;

// Calls for where the workspace's data lives: its own SQLite file or a team store (docs/team-store.md), and testing
// a team store's address before using it. A password is never returned.
import { z } from 'zod';
import { nullableString, string } from '../model/fields';
import { call, noInput } from '../rpc/define';

export const teamStoreStatus = z.object({
  kind: z.enum(['sqlite', 'postgres']).describe("sqlite: the workspace's own file; postgres: a team store."),
  url: string.describe('The team store as it may be shown (never with a password); "" for the own file.'),
  source: z
    .enum(['flag', 'environment', 'settings'])
    .nullable()
    .describe('Where the team store was named: --store, AIEVAL_STORE_URL or the user setting; null for the own file.'),
  setting: string.describe("The user setting's URL ('' : none); the environment or --store win over it."),
  project: nullableString.describe("The workspace's project id (aieval.yaml), which keys its data in a team store."),
  passwordSource: z
    .enum(['environment', 'keychain', 'url', 'pgpass'])
    .nullable()
    .describe('Where the password comes from; pgpass: none given (the server may not need one).'),
  passwordStorage: z
    .enum(['keychain', 'environment'])
    .describe('keychain: a password can be kept here (the desktop app); environment: only AIEVAL_STORE_PASSWORD.'),
  problem: nullableString.describe('Why the store setting cannot be used as it is (one line), else null.'),
});
export type TeamStoreStatus = z.infer<typeof teamStoreStatus>;

export const teamStoreTest = z.object({
  ok: z.boolean(),
  message: string.describe('One line: what was reached and what the role may do, or why it failed.'),
  readOnly: z.boolean().nullable().describe('The role may only read (runs and labels are refused); null on failure.'),
});
export type TeamStoreTest = z.infer<typeof teamStoreTest>;

export const teamStoreContract = {
  /** Where the open workspace's data lives and where its team store's password comes from. */
  'teamStore.status': call(() => ({ input: noInput, output: teamStoreStatus })),
  /**
   * Connects to a team store (the URL given, else the one in use) as its role and says whether it may write; nothing
   * is created or changed. `password` is used for this test only; a URL given here gets no stored password (it could
   * name anyone's server), the store in use gets its own.
   */
  'teamStore.test': call(() => ({
    input: z.object({ url: string.max(2000).optional(), password: string.max(1024).optional() }),
    output: teamStoreTest,
  })),
  /**
   * Saves the user's store setting ('' : the workspace's own file) and, in the desktop app, the password in the OS
   * keychain (never in the settings file; refused where only the environment can hold one); the workspace's store is
   * opened again on it. A password kept for another server is forgotten when the address moves.
   */
  'teamStore.save': call(() => ({
    input: z.object({ url: string.max(2000), password: string.min(1).max(1024).optional() }),
    output: teamStoreStatus,
  })),
} as const;

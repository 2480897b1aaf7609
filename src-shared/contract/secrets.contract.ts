// Calls for provider API keys: where each connection's key comes from, and storing or clearing it; a key never comes back.
import { z } from 'zod';
import { string } from '../model/fields';
import { call } from '../rpc/define';

export const keyStatus = z.object({
  provider: string,
  variable: z
    .string()
    .nullable()
    .describe('The environment variable the key stands for; null when the connection needs no key.'),
  source: z
    .enum(['keychain', 'environment'])
    .nullable()
    .describe('Where the key comes from now; null when it is missing.'),
  storage: z
    .enum(['keychain', 'environment'])
    .describe('keychain: keys can be stored here; environment: only the server’s environment can hold them.'),
  restricted: z
    .boolean()
    .describe(
      'True in an untrusted workspace: `variable` is not read; the key comes only from userVariable or a key stored for this address.',
    ),
  userVariable: string.describe('AIEVAL_KEY_<PROVIDER>: a variable the user sets for this connection alone.'),
});
export type KeyStatus = z.infer<typeof keyStatus>;

const providerName = z.object({ provider: string.min(1) });

export const secretsContract = {
  /** Where a connection's key comes from (keychain, environment or missing); never the key itself. */
  'secrets.status': call(() => ({ input: providerName, output: keyStatus })),
  /**
   * Store a connection's key in the OS keychain, under the variable it stands for (connections naming the same
   * variable share it). Refused, saying which variable to set, where keys can only come from the environment.
   */
  'secrets.set': call(() => ({
    input: providerName.extend({ key: string.trim().min(1, 'the key is empty').max(8192) }),
    output: keyStatus,
  })),
  /** Remove a connection's stored key from the keychain. */
  'secrets.clear': call(() => ({ input: providerName, output: keyStatus })),
} as const;

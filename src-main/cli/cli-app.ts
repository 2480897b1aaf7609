// Builds the service for a CLI command from the shared flags (--workspace, --trust-workspace).
import { COMMAND_STORE_POOL_SIZE, type AppOptions } from '../app/app-state';
import { createApp, type App } from '../app/create-app';
import { defaultConfigDir, findResourcesDir } from '../paths';
import { TrustStore } from '../workspace/trust';
import { UserSettingsStore } from '../workspace/user-settings';
import { workspaceDirOf, type CliIo, type ParsedArgs } from './command';

/**
 * `process`: what only this process chooses (the cassette of `run --record`, the rate share of `run --shard`, the
 * file watching `serve` needs for its pages; no other command watches). `dir`: the folder the service opens, when
 * the command names it otherwise than by --workspace (`init DIR`, `trust DIR`).
 */
export function createCliApp(
  args: ParsedArgs,
  io: CliIo,
  process: Pick<AppOptions, 'recorder' | 'rateShare' | 'watchWorkspace'> = {},
  dir = workspaceDirOf(args, io),
): App {
  const trust = new TrustStore(io.env.AIEVAL_CONFIG_DIR ?? defaultConfigDir());
  const unreadable = trust.problem();
  if (unreadable) io.err(`warning: ${unreadable}`);
  return createApp({
    watchWorkspace: false,
    ...process,
    workspaceDir: dir,
    resourcesDir: findResourcesDir(),
    trust,
    userSettings: new UserSettingsStore(io.env.AIEVAL_CONFIG_DIR ?? defaultConfigDir()),
    trustForSession: args.values['trust-workspace'] === true,
    storeUrl: typeof args.values.store === 'string' ? args.values.store : undefined,
    storePoolSize: process.watchWorkspace ? undefined : COMMAND_STORE_POOL_SIZE,
    env: io.env,
    logger: {
      info: io.err,
      warn: (m) => io.err(`warning: ${m}`),
      error: (m, e) => io.err(`error: ${m}${e ? `: ${String(e)}` : ''}`),
    },
  });
}

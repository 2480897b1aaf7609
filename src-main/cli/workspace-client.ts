// The one way a CLI command reaches the service: open the app over --workspace, check the workspace, hand the command
// a typed client (the in-process transport), print a refusal as `error: ...` with exit 2, and dispose the app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Contract } from '../../src-shared/contract';
import { formatIssue, type WorkspaceIssue } from '../../src-shared/model';
import { createClient } from '../../src-shared/rpc/client';
import type { Client } from '../../src-shared/rpc/define';
import { inProcessTransport } from '../../src-shared/rpc/in-process-transport';
import { RpcError, refusedEnvironment } from '../../src-shared/rpc/wire';
import type { AppOptions } from '../app/app-state';
import type { App } from '../app/create-app';
import { CONFIG_FILE } from '../workspace/load-workspace';
import { createCliApp } from './cli-app';
import { EXIT, type CliIo, type ParsedArgs } from './command';

/** The service as a CLI command sees it: every contract call and event, exactly as they cross the wire. */
export type ServiceClient = Client<Contract>;

export type WorkspaceCheck = Readonly<{
  /** The workspace must load without errors (its errors are printed, exit 2); otherwise an aieval.yaml must exist. */
  requireValid?: boolean;
  /** No check here: the service refuses an unusable workspace itself (`invalid_workspace`, printed with its problems). */
  byService?: boolean;
  /** What only this process chooses (`run --record`'s cassette, `--rate-share`), given to the service at its creation. */
  process?: Pick<AppOptions, 'recorder' | 'rateShare'>;
  /** The folder the service opens, where the command takes it as an argument (`init DIR`); --workspace's otherwise. */
  dir?: string;
}>;

/** A typed client of `app` over the in-process transport (a structuredClone round trip, as on the wire). */
export function clientOf(app: App): ServiceClient {
  return createClient<Contract>(inProcessTransport(app.dispatch, app.events, { transport: 'cli' }));
}

/**
 * Runs `work` with a client of the service over the workspace of --workspace. A refusal the client throws (RpcError)
 * is printed with its workspace problems, if any, and exits 2 (3 when the environment stopped the service: a full
 * disk, a locked store); anything else is rethrown.
 */
export async function withWorkspaceClient(
  args: ParsedArgs,
  io: CliIo,
  check: WorkspaceCheck,
  work: (client: ServiceClient) => Promise<number>,
): Promise<number> {
  const app = createCliApp(args, io, check.process, check.dir);
  try {
    const client = clientOf(app);
    if (!check.byService && !(await workspaceReady(client, app.state.dir, io, check))) return EXIT.invalid;
    return await work(client);
  } catch (error) {
    if (refusedEnvironment(error) !== undefined) {
      io.err(`error: ${(error as Error).message}`);
      return EXIT.environment;
    }
    if (!printedRefusal(error, io)) throw error;
    return EXIT.invalid;
  } finally {
    await app.dispose();
  }
}

async function workspaceReady(client: ServiceClient, dir: string, io: CliIo, check: WorkspaceCheck): Promise<boolean> {
  if (check.requireValid) {
    const found = await client['workspace.validate']({});
    if (found.valid) return true;
    for (const issue of found.issues.filter((i) => i.severity === 'error')) io.err(formatIssue(issue));
    io.err(`error: the workspace ${dir} has errors; fix them first (ai-eval validate)`);
    return false;
  }
  if (existsSync(join(dir, CONFIG_FILE))) return true;
  io.err(`error: no ${CONFIG_FILE} in ${dir}; pass --workspace DIR or run ai-eval init`);
  return false;
}

/** A refusal: an invalid workspace's problems one a line, then `error: <message>`; false for any other error. */
export function printedRefusal(error: unknown, io: CliIo): boolean {
  if (!(error instanceof RpcError)) return false;
  if (error.code === 'invalid_workspace' && Array.isArray(error.details))
    for (const issue of error.details as WorkspaceIssue[]) io.err(formatIssue(issue));
  io.err(`error: ${error.message}`);
  return true;
}

// Helpers the trace commands share: the service over an existing workspace, and calls that print errors and exit 2.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Contract } from '../../src-shared/contract';
import type { ClientIn, Out } from '../../src-shared/rpc/define';
import type { App } from '../app/create-app';
import { CONFIG_FILE } from '../workspace/load-workspace';
import { createCliApp } from './cli-app';
import { EXIT, type CliIo, type ParsedArgs } from './command';

/** A failed call: its message is printed and the command exits 2. */
export class CallFailed extends Error {}

/** Runs `work` with the service over the workspace (which must hold an aieval.yaml); exit 2 when it does not. */
export async function withTracesWorkspace(
  args: ParsedArgs,
  io: CliIo,
  work: (app: App) => Promise<number>,
): Promise<number> {
  const app = createCliApp(args, io);
  try {
    if (!existsSync(join(app.state.dir, CONFIG_FILE))) {
      io.err(`error: no ${CONFIG_FILE} in ${app.state.dir}; pass --workspace DIR or run ai-eval init`);
      return EXIT.invalid;
    }
    return await work(app);
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
    io.err(`error: ${error.message}`);
    return EXIT.invalid;
  } finally {
    await app.dispose();
  }
}

/** Calls the service through the contract (validated like any other caller); a failure throws CallFailed. */
export async function callService<K extends keyof Contract & string>(
  app: App,
  method: K,
  input: ClientIn<Contract, K>,
): Promise<Out<Contract, K>> {
  const envelope = await app.dispatch(method, input, { transport: 'cli' });
  if (!envelope.ok) throw new CallFailed(envelope.error.message);
  return envelope.value as Out<Contract, K>;
}

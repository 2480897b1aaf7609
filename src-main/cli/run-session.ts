// One `ai-eval run` or `regrade` invocation: a client of the service whose runs it follows, Ctrl-C as their cancel,
// the reports, the summary and the exit code. The runs start in the service's run manager, never here.
import { resolve } from 'node:path';
import type { RunFinished, ShardSpec } from '../../src-shared/model';
import { RpcError, refusedEnvironment } from '../../src-shared/rpc/wire';
import { deferredCassette, type CassetteGap, type DeferredCassette } from '../app/deferred-cassette';
import { messageOf } from '../../src-shared/text/message-of';
import { plural } from '../../src-shared/text/plural';
import { EXIT, type CliIo, type ParsedArgs } from './command';
import { Endings } from './endings';
import { ProgressPrinter, summaryLines } from './run-printer';
import type { SessionOutcome } from './session-outcome';
import { finishShard } from './shard-out';
import { withWorkspaceClient, type ServiceClient } from './workspace-client';

export type Session = Readonly<{
  client: ServiceClient;
  signal: AbortSignal;
  /**
   * Starts a run through the service (`start` calls the client) and follows it to its end: `announce` prints its
   * header, its progress goes to the printer, Ctrl-C cancels it.
   */
  follow<S extends { runId: string }>(start: () => Promise<S>, announce: (started: S) => void): Promise<RunFinished>;
}>;

export type SessionOptions = Readonly<{
  record?: string;
  json?: string;
  junit?: string;
  /** `--shard I/N`: the gate is deferred to `ai-eval merge`; with `out`, the shard's bundle is written there. */
  shard?: ShardSpec | null;
  out?: string;
  /** Processes that share the providers' rate limits (`--rate-share`, default the shard count): each takes its part. */
  rateShare?: number;
}>;

/**
 * A refusal (bad plan, target busy, provider misconfigured): its message, exit 2. Anything else is rethrown: a failure
 * of the machine (exit 3) or a bug.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof RpcError) || error.code === 'internal' || refusedEnvironment(error) !== undefined)
    return undefined;
  return error.message;
}

/** 3 when a run stopped on its environment; 1 when a run did not complete or a hard gate failed; a soft gate only warns. */
export function exitCodeOf(finished: readonly RunFinished[]): number {
  if (finished.some((end) => end.environment)) return EXIT.environment;
  const failed = finished.some(
    (end) =>
      end.status !== 'complete' || (end.verdict !== null && !end.verdict.passed && end.verdict.gate_type === 'hard'),
  );
  return failed ? EXIT.failed : EXIT.ok;
}

export async function withRunSession(
  args: ParsedArgs,
  io: CliIo,
  options: SessionOptions,
  body: (session: Session) => Promise<SessionOutcome | number>,
): Promise<number> {
  const recorder = options.record ? deferredCassette(resolve(io.cwd, options.record)) : undefined;
  const own = { recorder, rateShare: options.rateShare ?? 1 };
  try {
    return await withWorkspaceClient(args, io, { byService: true, process: own }, async (client) => {
      // The service refuses an invalid workspace here, before the share is announced or the cassette opened.
      const { line } = await client['runs.share']({});
      if (line) io.err(line);
      recorder?.open();
      return followedSession(client, io, options, body, recorder);
    });
  } finally {
    recorder?.close();
  }
}

/** The session over an open service: runs followed through the client, Ctrl-C as cancel, then reports and exit code. */
async function followedSession(
  client: ServiceClient,
  io: CliIo,
  options: SessionOptions,
  body: (session: Session) => Promise<SessionOutcome | number>,
  recorder: DeferredCassette | undefined,
): Promise<number> {
  const controller = new AbortController();
  let current: string | undefined;
  const cancelCurrent = () => {
    if (current !== undefined) void client['runs.cancel']({ runId: current });
  };
  const onInterrupt = () => {
    io.err('\ncancelling: questions in flight are dropped, finished ones are kept (Ctrl-C again to quit at once)');
    controller.abort();
    cancelCurrent();
  };
  process.once('SIGINT', onInterrupt);
  const printer = new ProgressPrinter(io);
  const endings = new Endings<RunFinished>();
  const listening = [
    client.on('runs.progressed', (progress) => printer.update(progress)),
    client.on('runs.finished', (finished) => endings.end(finished.runId, finished)),
  ];
  const follow: Session['follow'] = async (start, announce) => {
    const started = await start();
    current = started.runId;
    if (controller.signal.aborted) cancelCurrent();
    announce(started);
    const finished = await endings.wait(started.runId);
    current = undefined;
    printer.done();
    return finished;
  };
  try {
    const outcome = await body({ client, signal: controller.signal, follow });
    if (typeof outcome === 'number') return outcome;
    const runIds = outcome.finished.map((end) => end.runId);
    if (runIds.length > 0) {
      // Waits for the exports on complete (settings.export_envelope_on_complete) first, or the process would end before them.
      await client['runs.reports']({ runIds, json: options.json ? resolve(io.cwd, options.json) : undefined });
      if (options.json) io.err(`wrote ${options.json}`);
      if (options.junit) {
        await client['runs.reports']({ runIds, junit: resolve(io.cwd, options.junit) });
        io.err(`wrote ${options.junit}`);
      }
    }
    if (options.record) io.err(recordedLine(options.record, recorder?.gap()));
    if (options.shard) return await finishShard(client, { ...options, shard: options.shard }, outcome, io);
    if (outcome.finished.length > 0) for (const line of summaryLines(outcome.finished)) io.out(line);
    return outcome.refused ? EXIT.invalid : exitCodeOf(outcome.finished);
  } catch (error) {
    // A refusal is printed by the wrapper (exit 2, or 3 for the environment); a bug stays a bug, not an "invalid input".
    if (error instanceof RpcError && error.code === 'internal') throw new Error(error.message, { cause: error });
    throw error;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    for (const stop of listening) stop();
  }
}

/** Whether `--record` holds every call; a cassette the disk refused is never reported as complete. */
function recordedLine(file: string, gap: CassetteGap | undefined): string {
  if (!gap) return `recorded every provider call to ${file}`;
  return `error: ${file} is incomplete: ${plural(gap.calls, 'provider call')} could not be recorded (${messageOf(gap.error)})`;
}

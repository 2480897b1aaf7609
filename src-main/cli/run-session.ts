// One `ai-eval run` or `regrade` invocation: the service and run deps, Ctrl-C as cancel, reports, summary and exit code.
import { exportRunOnComplete } from '../engine/export/export-runs';
import { resolve } from 'node:path';
import {
  formatIssue,
  type ProviderConfig,
  type RunFinished,
  type ShardSpec,
  type WorkspaceIssue,
} from '../../src-shared/model';
import type { EmptySlice } from '../engine/export/write-shard-bundle';
import { RpcError } from '../../src-shared/rpc/wire';
import { openCassetteWriter, type CassetteWriter } from '../engine/providers/cassette';
import type { ValidWorkspace } from '../engine/run/plan';
import { describeShare, shareRateLimits } from '../engine/run/rate-share';
import { defaultRunDeps } from '../engine/run/run-deps';
import type { RunDeps } from '../engine/run/run-execution';
import { LimiterRegistry } from '../engine/run/run-services';
import { writeJsonReport } from '../engine/run/report-json';
import { writeJunitReport } from '../engine/run/report-junit';
import { connectionKeys } from '../app/connections';
import { createCliApp } from './cli-app';
import { EXIT, type CliIo, type ParsedArgs } from './command';
import { ProgressPrinter, summaryLines } from './run-printer';
import { finishShard } from './shard-out';

export type Session = Readonly<{
  workspace: ValidWorkspace;
  deps: RunDeps;
  /** Each connection's key by the workspace's trust, as the run's connections get theirs. */
  keysFor: (name: string, config: ProviderConfig) => Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  printer: ProgressPrinter;
}>;

/** What the command did: the runs that ended, whether any run was refused (exit 2), the targets a shard had no question of. */
export type SessionOutcome = Readonly<{ finished: RunFinished[]; refused: boolean; empty?: EmptySlice[] }>;

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

/** A refusal (bad plan, target busy, provider misconfigured): its message, exit 2. Anything else is rethrown. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof RpcError ? error.message : undefined;
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

/** An invalid workspace: its problems printed one a line (the caller exits 2); false for any other error. */
export function printedWorkspaceIssues(error: unknown, io: CliIo): boolean {
  if (!(error instanceof RpcError && error.code === 'invalid_workspace')) return false;
  for (const issue of (error.details ?? []) as WorkspaceIssue[]) io.err(formatIssue(issue));
  io.err(`error: ${error.message}`);
  return true;
}

export async function withRunSession(
  args: ParsedArgs,
  io: CliIo,
  options: SessionOptions,
  body: (session: Session) => Promise<SessionOutcome | number>,
): Promise<number> {
  const app = createCliApp(args, io);
  const controller = new AbortController();
  const onInterrupt = () => {
    io.err('\ncancelling: questions in flight are dropped, finished ones are kept (Ctrl-C again to quit at once)');
    controller.abort();
  };
  process.once('SIGINT', onInterrupt);
  let recorder: CassetteWriter | undefined;
  try {
    const share = options.rateShare ?? 1;
    const workspace = shareRateLimits(app.state.validWorkspace(), share);
    const shared = describeShare(app.state.validWorkspace().config.settings.rate_limit, share);
    if (shared) io.err(shared);
    recorder = options.record ? openCassetteWriter(resolve(io.cwd, options.record)) : undefined;
    const printer = new ProgressPrinter(io);
    const keysFor = connectionKeys(app.state);
    const deps = defaultRunDeps({
      db: app.state.db,
      workspace,
      trusted: app.state.isTrusted(),
      clock: app.state.clock,
      keysFor,
      limiters: new LimiterRegistry(),
      resourcesDir: app.state.options.resourcesDir,
      recorder,
      onProgress: (progress) => printer.update(progress),
    });
    const outcome = await body({ workspace, deps, keysFor, signal: controller.signal, printer });
    if (typeof outcome === 'number') return outcome;
    const runIds = outcome.finished.map((end) => end.runId);
    // settings.export_envelope_on_complete: awaited here, or the process would exit before the files are written.
    for (const runId of runIds) await exportRunOnComplete(app.state, runId);
    if (options.json && runIds.length > 0) {
      await writeJsonReport(resolve(io.cwd, options.json), app.state.db, runIds);
      io.err(`wrote ${options.json}`);
    }
    if (options.junit && runIds.length > 0) {
      await writeJunitReport(resolve(io.cwd, options.junit), app.state.db, runIds);
      io.err(`wrote ${options.junit}`);
    }
    if (recorder) io.err(`recorded every provider call to ${options.record}`);
    if (options.shard) return await finishShard(app.state, { ...options, shard: options.shard }, outcome, io);
    if (outcome.finished.length > 0) for (const line of summaryLines(outcome.finished)) io.out(line);
    return outcome.refused ? EXIT.invalid : exitCodeOf(outcome.finished);
  } catch (error) {
    if (printedWorkspaceIssues(error, io)) return EXIT.invalid;
    const refusal = refusalMessage(error);
    if (refusal === undefined) throw error;
    io.err(`error: ${refusal}`);
    return EXIT.invalid;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    recorder?.close();
    await app.dispose();
  }
}

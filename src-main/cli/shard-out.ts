// The end of `ai-eval run --shard I/N`: the slice's summary, its bundle in --out, and the gate left to `ai-eval merge`.
import { resolve } from 'node:path';
import type { ShardSpec } from '../../src-shared/model';
import type { AppState } from '../app/app-state';
import { APP_VERSION } from '../paths';
import { exportDepsOf } from '../engine/export/export-runs';
import { writeShardBundle } from '../engine/export/write-shard-bundle';
import { EXIT, type CliIo } from './command';
import { summaryLines } from './run-printer';
import type { SessionOutcome } from './run-session';

const ENVIRONMENT_CODES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EDQUOT', 'EIO']);

/**
 * Exit 0 once the slice is scored and its bundle written, whatever its scores: one slice's verdict is not the suite's.
 * 2 when a run was refused, 1 when one did not complete or could not be exported, 3 when --out cannot be written.
 */
export async function finishShard(
  state: AppState,
  options: Readonly<{ shard: ShardSpec; out?: string }>,
  outcome: SessionOutcome,
  io: CliIo,
): Promise<number> {
  if (outcome.finished.length > 0) for (const line of summaryLines(outcome.finished, true)) io.out(line);
  let failed = outcome.finished.some((end) => end.status !== 'complete');
  if (options.out !== undefined && !outcome.refused) {
    const dir = resolve(io.cwd, options.out);
    try {
      const written = await writeShardBundle(exportDepsOf(state), {
        dir,
        shard: options.shard,
        appVersion: APP_VERSION,
        finished: outcome.finished,
        empty: outcome.empty ?? [],
      });
      for (const problem of written.problems) io.err(`error: ${problem}`);
      failed ||= written.problems.length > 0;
      io.err(`wrote shard ${options.shard.index}/${options.shard.count} to ${written.manifestPath}`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined || !ENVIRONMENT_CODES.has(code)) throw error;
      io.err(`error: cannot write the shard bundle to ${dir}: ${code} (${(error as Error).message})`);
      return EXIT.environment;
    }
  }
  io.out(
    `gate deferred to the merge: shard ${options.shard.index}/${options.shard.count} is one slice; ` +
      '`ai-eval merge` of every shard applies the gate to the whole run',
  );
  if (outcome.refused) return EXIT.invalid;
  return failed ? EXIT.failed : EXIT.ok;
}

// The end of `ai-eval run --shard I/N`: the slice's summary, its bundle in --out, and the gate left to `ai-eval merge`.
import { resolve } from 'node:path';
import type { ShardSpec } from '../../src-shared/model';
import { EXIT, type CliIo } from './command';
import { summaryLines } from './run-printer';
import type { SessionOutcome } from './session-outcome';
import type { ServiceClient } from './workspace-client';

/**
 * Exit 0 once the slice is scored and its bundle written, whatever its scores: one slice's verdict is not the suite's.
 * 2 when a run was refused, 1 when one did not complete or could not be exported; when --out cannot be written the
 * service refuses with the environment (exit 3).
 */
export async function finishShard(
  client: ServiceClient,
  options: Readonly<{ shard: ShardSpec; out?: string }>,
  outcome: SessionOutcome,
  io: CliIo,
): Promise<number> {
  if (outcome.finished.length > 0) for (const line of summaryLines(outcome.finished, true)) io.out(line);
  let failed = outcome.finished.some((end) => end.status !== 'complete');
  if (options.out !== undefined && !outcome.refused) {
    const written = await client['runs.shardBundle']({
      dir: resolve(io.cwd, options.out),
      shard: options.shard,
      finished: outcome.finished,
      empty: outcome.empty ?? [],
    });
    for (const problem of written.problems) io.err(`error: ${problem}`);
    failed ||= written.problems.length > 0;
    io.err(`wrote shard ${options.shard.index}/${options.shard.count} to ${written.manifestPath}`);
  }
  io.out(
    `gate deferred to the merge: shard ${options.shard.index}/${options.shard.count} is one slice; ` +
      '`ai-eval merge` of every shard applies the gate to the whole run',
  );
  if (outcome.refused) return EXIT.invalid;
  return failed ? EXIT.failed : EXIT.ok;
}

// The preflight of `ai-eval run`, `run --resume` and `regrade` as the service answered it: problems one a line with
// their fix, then exit 2; the local model findings of a run that may start.
import { randomUUID } from 'node:crypto';
import type { BatchPreflight } from '../../src-shared/contract/run-batch.contract';
import { findingLine, problemLine } from '../../src-shared/text/preflight-line';
import { EXIT, type CliIo } from './command';
import type { Session } from './run-session';
import { plural } from '../../src-shared/text/plural';

/**
 * Prints what the preflight found: undefined when the runs may start, else one line per problem and exit 2, or 3 when
 * every problem is the environment's (a server that does not answer: retry once it is up).
 */
export function printedPreflight(preflight: BatchPreflight | null, io: CliIo): number | undefined {
  if (!preflight) return undefined;
  if (preflight.problems.length > 0) {
    for (const problem of preflight.problems) io.err(`preflight: ${problemLine(problem)}`);
    io.err(
      `error: preflight found ${plural(preflight.problems.length, 'problem')}; nothing was run (--skip-preflight starts anyway)`,
    );
    return preflight.problems.every((problem) => problem.environment) ? EXIT.environment : EXIT.invalid;
  }
  // The local checks of an Ollama run: a prompt that cannot fit the model's window (a missing model is a problem above).
  for (const finding of preflight.findings) io.err(`${finding.targetId}: ${findingLine(finding)}`);
  return undefined;
}

/** Makes a call that may run a preflight under an id of its own, and cancels that preflight on Ctrl-C. */
export async function cancellablePreflight<T>(session: Session, call: (preflightId: string) => Promise<T>): Promise<T> {
  const preflightId = randomUUID();
  const cancel = () => void session.client['runs.cancelPreflight']({ preflightId });
  session.signal.addEventListener('abort', cancel, { once: true });
  try {
    return await call(preflightId);
  } finally {
    session.signal.removeEventListener('abort', cancel);
  }
}

/** The preflight of a regrade: its judges' providers only. A run not in the store is left to the regrade to refuse. */
export async function regradePreflight(runId: string, session: Session, io: CliIo): Promise<number | undefined> {
  const { preflight } = await cancellablePreflight(session, (preflightId) =>
    session.client['runs.planStored']({ runId, purpose: 'regrade', preflight: true, preflightId }),
  );
  return printedPreflight(preflight, io);
}

// What a preflight check is given and reports; every check module implements PreflightCheck.
import type { PreflightProblem } from '../../../src-shared/contract/runs.contract';
import type { ProviderConfig } from '../../../src-shared/model';
import type { RunPlan, ValidWorkspace } from '../run/plan';

export type PreflightContext = Readonly<{
  workspace: ValidWorkspace;
  /** The runs about to start. */
  plans: readonly RunPlan[];
  /** Each connection's key, by the workspace's trust (docs/security.md): the same key chain the run builds its connections with. */
  keysFor: (name: string, config: ProviderConfig) => Readonly<Record<string, string | undefined>>;
  trusted: boolean;
  signal?: AbortSignal;
}>;

/** One thing that would break the run: what and where, and what to do about it (the contract's type). */
export type { PreflightProblem };

/** A check of one kind; other modules add theirs to PREFLIGHT_CHECKS (or pass their own list). */
export type PreflightCheck = Readonly<{ name: string; run(context: PreflightContext): Promise<PreflightProblem[]> }>;

export type PreflightReport = Readonly<{ ok: boolean; problems: PreflightProblem[]; elapsedMs: number }>;

/** A check waits at most this long for a server: long enough for a cold local server, short enough to run first. */
export const PREFLIGHT_TIMEOUT_MS = 5_000;

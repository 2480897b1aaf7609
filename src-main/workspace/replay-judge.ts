// The "replay judge" warning: a target that calls a live model while its LLM graders are judged from recordings only.
import { GRADER_CATALOG, type ModelRef, type Target, type WorkspaceConfig } from '../../src-shared/model';

export type JudgeMismatch = Readonly<{
  message: string;
  /** The default judge that would work: the same judge model on the target's own connection; null when only per-grader overrides are replay-only. */
  fix: ModelRef | null;
}>;

/** Why this target's answers would all be degraded by a replay-only judge, or undefined when its judges can answer. */
export function replayJudgeMismatch(config: WorkspaceConfig, target: Target): JudgeMismatch | undefined {
  const kindOf = (provider: string) => config.providers[provider]?.kind;
  const targetKind = kindOf(target.provider);
  if (targetKind === undefined || targetKind === 'replay') return undefined;
  const replayJudged = target.graders.filter((grader) => {
    if (GRADER_CATALOG[grader].kind !== 'llm_judge') return false;
    const judge = config.judge?.overrides?.[grader] ?? config.judge;
    return judge !== undefined && kindOf(judge.provider) === 'replay';
  });
  if (replayJudged.length === 0) return undefined;
  const byDefault = replayJudged.some((grader) => !config.judge?.overrides?.[grader]);
  const judge = config.judge!;
  const fix = byDefault ? { provider: target.provider, model: judge.model } : null;
  return {
    message: fix
      ? `Replay judge: the judge ${judge.provider}/${judge.model} only answers from recordings, so every answer of this live target would be degraded.`
      : `Replay judge: judge.overrides send ${replayJudged.join(', ')} to a connection that only answers from recordings, so every answer would be degraded; point them at a live connection.`,
    fix,
  };
}

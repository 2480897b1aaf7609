// Why a proposer on a replay connection found no recording, and what to do: its answers were recorded for the
// baseline as the replay judge scored it, so another judge asks it something the cassette never saw.
import type { ModelRef, WorkspaceConfig } from '../../../src-shared/model';
import { ReplayMissError } from '../providers/replay.provider';

/** The advice to append to a proposer's failure, or undefined when the failure is not a replay miss. */
export function replayMissAdvice(config: WorkspaceConfig, proposer: ModelRef, error: unknown): string | undefined {
  // The limiter wraps the provider's error in a CallFailedError whose cause it is.
  const miss = error instanceof Error && error.cause instanceof ReplayMissError ? error.cause : error;
  if (!(miss instanceof ReplayMissError)) return undefined;
  const file = config.providers[proposer.provider]?.file ?? 'its cassette';
  const name = `${proposer.provider}/${proposer.model}`;
  const live = Object.entries(config.providers).find(([, provider]) => provider.kind !== 'replay')?.[0];
  const liveProposer = `point settings.optimizer.proposer at a live connection${live ? ` (${live})` : ''}`;
  const judgeNow = config.judge ? `${config.judge.provider}/${config.judge.model}` : 'none';
  const recorded = miss.recordedJudgeModels.map((model) => `${proposer.provider}/${model}`);
  if (recorded.length === 0 || recorded.includes(judgeNow))
    return `the proposer ${name} answers from the recordings in ${file}, which hold no answer for this proposal: record them again, or ${liveProposer}`;
  const replayJudge = recorded.join(' or ');
  return (
    `the proposer ${name} answers from the recordings in ${file}, which hold its answers for the baseline as the ` +
    `replay judge ${replayJudge} scored it, not as the judge now set (${judgeNow}) scores it: set judge back to ` +
    `${recorded[0]} in aieval.yaml (Settings), or ${liveProposer}`
  );
}

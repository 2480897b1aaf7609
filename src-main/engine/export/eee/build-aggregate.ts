// The aggregate file of one run: who ran what (source, library, model), its results, and the link to its samples file.
import type { RunSummary, RunIdentity } from '../../../../src-shared/model';
import {
  EEE_SCHEMA_VERSION,
  type EeeAggregate,
  type EeeDetailedResults,
  type EeeResult,
  type StringMap,
} from './eee-types';
import { epochString, LIBRARY_NAME, modelInfoOf } from './eee-names';

export type AggregateInput = Readonly<{
  run: RunSummary;
  identity: RunIdentity;
  evaluationId: string;
  exportedAt: number;
  results: EeeResult[];
  /** Absent when the run has no stored results (then there is no samples file). */
  samples: EeeDetailedResults | undefined;
  /** source_organization_name: whoever runs this workspace ("unknown" unless aieval.yaml says). */
  organization: string;
}>;

/** When the run started, as EEE's evaluation_timestamp (epoch seconds). */
export const evaluationTimestampOf = (run: RunSummary) => epochString(run.startedAt ?? run.createdAt);

export function buildAggregate(input: AggregateInput): EeeAggregate {
  const { run, identity } = input;
  const details: StringMap = {
    run_id: run.id,
    target_id: identity.targetId,
    app_version: identity.appVersion,
    run_source: run.source,
    mode: identity.mode,
    repeat: String(run.repeat),
    total: String(run.total),
    prompt_sha256: identity.systemPromptSha256,
  };
  if (run.shard !== null) details.shard = run.shard;
  // The import recomputes an adaptive run's verdict as the run did: each question weighed once.
  if (identity.selection.adaptive) details.adaptive = 'true';
  if (run.finishedAt !== null) details.finished_at = epochString(run.finishedAt);
  if (identity.regradeOf !== null) details.regrade_of = identity.regradeOf;
  return {
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: input.evaluationId,
    evaluation_timestamp: evaluationTimestampOf(run),
    retrieved_timestamp: epochString(input.exportedAt),
    source_metadata: {
      source_name: 'AI Eval Desktop local evaluation run',
      source_type: 'evaluation_run',
      source_organization_name: input.organization,
      // The user evaluates a model someone else makes (EEE: the relation of evaluator and model developer).
      evaluator_relationship: 'third_party',
      additional_details: details,
    },
    eval_library: { name: LIBRARY_NAME, version: identity.appVersion },
    model_info: modelInfoOf(identity.provider, identity.model),
    evaluation_results: input.results,
    ...(input.samples ? { detailed_evaluation_results: input.samples } : {}),
  };
}

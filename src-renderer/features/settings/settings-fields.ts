// Every workspace setting (docs/workspace.md), grouped in sections with its label, unit and help; the settings screen renders from this.
import { ollamaSettings } from '../../../src-shared/model/workspace-config';

export type SettingField = Readonly<{
  /** Dot path inside `settings` of aieval.yaml. */
  path: string;
  label: string;
  kind: 'number' | 'integer' | 'boolean' | 'text' | 'choice';
  /** The values a `choice` takes, as aieval.yaml spells them. */
  options?: readonly string[];
  /** May be left empty (unset in aieval.yaml). */
  optional?: boolean;
  unit?: string;
  help: string;
}>;

export type SettingsSection = Readonly<{ id: string; title: string; help: string; fields: readonly SettingField[] }>;

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'scoring',
    title: 'Scoring',
    help: 'How answers become question results. Targets can override the first two.',
    fields: [
      {
        path: 'question_pass_threshold',
        label: 'Question pass threshold',
        kind: 'number',
        unit: '0–5',
        help: 'A question passes when its score is at least this.',
      },
      {
        path: 'response_char_limit',
        label: 'Response character limit',
        kind: 'integer',
        unit: 'characters',
        help: 'format_grader marks longer answers “too long”.',
      },
      {
        path: 'judge_response_char_limit',
        label: 'Judge response limit',
        kind: 'integer',
        unit: 'characters',
        help: 'A response is cut to this length before a judge sees it.',
      },
    ],
  },
  {
    id: 'runs',
    title: 'Runs and rate limits',
    help: 'How hard runs push the providers, and how they back off.',
    fields: [
      {
        path: 'concurrency',
        label: 'Concurrency',
        kind: 'integer',
        optional: true,
        unit: 'questions',
        help: 'Questions in flight per run. Empty: 4, or measured for a target on Ollama.',
      },
      {
        path: 'ollama.max_num_ctx',
        label: 'Ollama: largest context window',
        kind: 'integer',
        unit: 'tokens',
        help: "The most num_ctx the engine sizes on its own for a run's longest prompt; num_ctx set on a provider, target or judge wins.",
      },
      {
        path: 'ollama.schedule',
        label: 'Ollama: schedule',
        kind: 'choice',
        options: ollamaSettings.shape.schedule.unwrap().options,
        help: 'phased: every target call first, then the judges (one model load each when target and judge differ); interleaved: per question.',
      },
      {
        path: 'ollama.keep_alive',
        label: 'Ollama: keep models loaded',
        kind: 'text',
        help: 'keep_alive sent with every call of a run: 30m, 2h, 0 (unload at once) or -1 (forever).',
      },
      {
        path: 'request_timeout_ms',
        label: 'Request timeout',
        kind: 'integer',
        unit: 'ms',
        help: 'A provider call with no answer after this long is abandoned and retried.',
      },
      {
        path: 'rate_limit.max_retries',
        label: 'Max retries',
        kind: 'integer',
        unit: 'retries',
        help: 'After a 408, 429, 5xx, timeout or network error; other 4xx are not retried.',
      },
      {
        path: 'rate_limit.base_delay_ms',
        label: 'Base retry delay',
        kind: 'integer',
        unit: 'ms',
        help: 'The first backoff; it doubles each retry, with jitter. Retry-After wins.',
      },
      {
        path: 'rate_limit.delay_between_calls_ms',
        label: 'Delay between calls',
        kind: 'integer',
        unit: 'ms',
        help: 'A pause between calls to one provider; 0 for none.',
      },
    ],
  },
  {
    id: 'judges',
    title: 'Judge validation',
    help: 'When an LLM judge counts as trusted, checked against human labels.',
    fields: [
      {
        path: 'judges.min_tpr',
        label: 'Minimum TPR',
        kind: 'number',
        unit: '0–1',
        help: 'Trusted only when the judge passes at least this share of what humans passed.',
      },
      {
        path: 'judges.min_tnr',
        label: 'Minimum TNR',
        kind: 'number',
        unit: '0–1',
        help: 'Trusted only when the judge fails at least this share of what humans failed.',
      },
      {
        path: 'judges.gold_target_n',
        label: 'Labels needed',
        kind: 'integer',
        unit: 'labels',
        help: 'A judge with fewer pass/fail labels than this is not trusted.',
      },
      {
        path: 'judges.min_per_class',
        label: 'Labels of each class',
        kind: 'integer',
        unit: 'labels',
        help: 'A judge needs at least this many pass labels and this many fail labels to be trusted.',
      },
      {
        path: 'judges.confidence',
        label: 'Confidence',
        kind: 'number',
        unit: '0–1',
        help: 'Of the intervals, and of the labels-needed estimate (Cochran).',
      },
      {
        path: 'judges.margin_of_error',
        label: 'Margin of error',
        kind: 'number',
        unit: '0–1',
        help: 'For the labels-needed estimate.',
      },
    ],
  },
  {
    id: 'optimizer',
    title: 'Optimizer',
    help: 'Proposes better system prompts for targets below their gate, and keeps only real gains.',
    fields: [
      {
        path: 'optimizer.candidate_runs',
        label: 'Runs per prompt',
        kind: 'integer',
        unit: 'runs',
        help: 'Of the baseline and of each candidate; their spread is the noise.',
      },
      {
        path: 'optimizer.improvement_margin',
        label: 'Improvement margin',
        kind: 'number',
        unit: 'avg_score points',
        help: 'A candidate must beat the baseline’s mean by more than this.',
      },
      {
        path: 'optimizer.max_attempts',
        label: 'Max attempts',
        kind: 'integer',
        unit: 'candidates',
        help: 'Candidates tried per target.',
      },
      {
        path: 'optimizer.min_dataset_size',
        label: 'Minimum dataset size',
        kind: 'integer',
        unit: 'questions',
        help: 'Refuses smaller datasets (the train split when there are splits).',
      },
      {
        path: 'optimizer.require_review',
        label: 'Require review',
        kind: 'boolean',
        help: 'Accepted candidates wait for someone to apply them; otherwise they are applied.',
      },
    ],
  },
  {
    id: 'traces',
    title: 'Traces and export',
    help: 'Production traces in, result envelopes out.',
    fields: [
      {
        path: 'otlp_receiver.enabled',
        label: 'OTLP receiver',
        kind: 'boolean',
        help: 'Listen for OTLP/HTTP traces on 127.0.0.1 while the app or ai-eval serve runs.',
      },
      {
        path: 'otlp_receiver.port',
        label: 'OTLP port',
        kind: 'integer',
        unit: 'port',
        help: 'The receiver’s port; 4318 is the OTLP/HTTP standard.',
      },
      {
        path: 'otlp_receiver.token_env',
        label: 'OTLP token variable',
        kind: 'text',
        optional: true,
        help: 'Senders must pass this variable’s value as Authorization: Bearer; empty: any program on this machine may post.',
      },
      {
        path: 'export_envelope_on_complete',
        label: 'Export on complete',
        kind: 'boolean',
        help: 'Write an Every Eval Ever envelope for each run as it completes.',
      },
    ],
  },
];

// Words for a run on a local Ollama: its phase, model loads, concurrency and context windows.
import type { CallMetrics, LocalRun, RunProgress } from '../../../src-shared/model';
import { duration } from '../../components/format';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "14 model loads, 38s": how often a model had to be loaded, and the time that took. */
export const modelLoadsText = (loads: LocalRun['modelLoads']): string =>
  loads.count === 0 ? 'no model loads' : `${plural(loads.count, 'model load')}, ${duration(loads.totalMs)}`;

/** "concurrency 4 (measured)" or "concurrency 8 (set)". */
export const concurrencyText = (concurrency: LocalRun['concurrency']): string =>
  `concurrency ${concurrency.value} (${concurrency.measured ? 'measured' : 'set'})`;

/** "answering with llama3.1:8b · 23 answered" or "judging with qwen3:8b". */
export function phaseText(phase: NonNullable<RunProgress['phase']>): string {
  const model = phase.model ? ` with ${phase.model}` : '';
  return phase.name === 'answering'
    ? `answering${model} · ${phase.answered} answered, judged after every answer is in`
    : `judging${model}`;
}

/** "phased (every target call, then the judges)" or "interleaved (per question)". */
export const scheduleText = (schedule: LocalRun['schedule']): string =>
  schedule === 'phased' ? 'phased: every target call first, then the judges' : 'interleaved: per question';

/** "llama3.1:8b num_ctx 8192 (sized, model max 131072)" for each model of the run. */
export const windowsText = (windows: LocalRun['windows']): string =>
  windows
    .map((window) => {
      const size = window.numCtx === null ? 'server default window' : `num_ctx ${window.numCtx}`;
      const max = window.modelMax === null ? '' : `, model max ${window.modelMax}`;
      return `${window.model} ${size} (${window.source}${max})`;
    })
    .join('; ');

/**
 * What the server evaluated of the prompt beside the engine's estimate: "of" only when it evaluated fewer tokens than
 * were sent (the prompt was cut to the window); more is the model's chat template, not a contradiction.
 */
function promptTokensText(evaluated: number | null, sent: number | null): string {
  if (evaluated === null) return `prompt ~${sent ?? '—'} tokens sent`;
  if (sent === null) return `prompt ${evaluated} tokens evaluated`;
  if (evaluated < sent) return `prompt ${evaluated} of ~${sent} tokens sent evaluated (cut to the window)`;
  return `prompt ${evaluated} tokens evaluated (~${sent} estimated before sending, plus the chat template)`;
}

/** "prompt 812 tokens evaluated (~800 estimated before sending, plus the chat template) · num_ctx 4096 · load 2.0 s · prompt 35 ms · generation 1.2 s": one Ollama call. */
export function callMetricsText(metrics: CallMetrics): string {
  const ms = (value: number | null) =>
    value === null ? '—' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`;
  return [
    promptTokensText(metrics.promptEvalCount, metrics.promptTokensSent),
    `num_ctx ${metrics.numCtx ?? 'server default'}`,
    `load ${ms(metrics.loadMs)}`,
    `prompt eval ${ms(metrics.promptEvalMs)}`,
    `generation ${ms(metrics.evalMs)} (${metrics.evalCount ?? '—'} tokens)`,
  ].join(' · ');
}

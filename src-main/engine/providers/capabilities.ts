// Which generation knobs each model accepts, what a provider refused at run time, and the retry without a refused knob.
import type { Generation, ProviderKind } from '../../../src-shared/model';
import { ProviderError } from './provider';
import { DROPPABLE_KNOBS, type DroppableKnob } from './provider-errors';

type Rule = Readonly<{
  kind: ProviderKind;
  model: RegExp;
  drop?: readonly DroppableKnob[];
  dropTopPWithTemperature?: boolean;
  why: string;
}>;

/** The capability table: known refusals, applied before a call so the first request already succeeds. */
export const CAPABILITY_RULES: readonly Rule[] = [
  {
    kind: 'openai',
    model: /^(o\d|gpt-5)/i,
    drop: ['temperature', 'top_p'],
    why: 'OpenAI reasoning models accept only the default temperature and top_p',
  },
  { kind: 'anthropic', model: /^claude/i, drop: ['seed'], why: 'the Anthropic API has no seed' },
  {
    kind: 'anthropic',
    model: /^claude-(?:opus|sonnet|haiku)-(?:4-[1-9](?!\d)|[5-9](?!\d))/i,
    dropTopPWithTemperature: true,
    why: 'recent Claude models take temperature or top_p, not both (temperature is sent)',
  },
];

/** Reasoning models take `max_completion_tokens`; the older `max_tokens` is refused by them. */
export const isOpenAiReasoningModel = (model: string): boolean => /^(o\d|gpt-5)/i.test(model);

/** Knobs a provider refused for a model during this process, learnt from 400 answers. */
export class KnobMemory {
  private readonly refused = new Map<string, Set<DroppableKnob>>();

  remember(kind: ProviderKind, model: string, knob: DroppableKnob): void {
    const key = `${kind}/${model}`;
    const set = this.refused.get(key) ?? new Set<DroppableKnob>();
    set.add(knob);
    this.refused.set(key, set);
  }

  refusedFor(kind: ProviderKind, model: string): ReadonlySet<DroppableKnob> {
    return this.refused.get(`${kind}/${model}`) ?? new Set();
  }
}

/** Shared by every provider of the process, so a refusal learnt by one run's judge holds for the next. */
const sharedKnobMemory = new KnobMemory();

/** The generation settings to send to `model`: the requested ones minus the knobs the table or memory rule out. */
export function applicableGeneration(
  kind: ProviderKind,
  model: string,
  generation: Generation | undefined,
  memory: KnobMemory,
): Generation {
  const sent: Record<string, number> = {};
  for (const [key, value] of Object.entries(generation ?? {})) if (typeof value === 'number') sent[key] = value;
  for (const rule of CAPABILITY_RULES) {
    if (rule.kind !== kind || !rule.model.test(model)) continue;
    for (const knob of rule.drop ?? []) delete sent[knob];
    if (rule.dropTopPWithTemperature && sent.temperature !== undefined) delete sent.top_p;
  }
  for (const knob of memory.refusedFor(kind, model)) delete sent[knob];
  return sent;
}

/**
 * Sends with the applicable knobs; when the provider answers 400 naming a knob that was sent,
 * remembers the refusal for the model (in `memory`, the process-wide memory unless one is given) and retries once
 * without it.
 */
export async function sendWithKnobRetry<T>(
  kind: ProviderKind,
  model: string,
  generation: Generation | undefined,
  memory: KnobMemory = sharedKnobMemory,
  send: (sent: Generation) => Promise<T>,
): Promise<T> {
  const sent = applicableGeneration(kind, model, generation, memory);
  try {
    return await send(sent);
  } catch (error) {
    const named = error instanceof ProviderError && error.details.status === 400 ? error.details.knob : undefined;
    const knob = DROPPABLE_KNOBS.find((candidate) => candidate === named && candidate in sent);
    if (!knob) throw error;
    memory.remember(kind, model, knob);
    return send(applicableGeneration(kind, model, generation, memory));
  }
}

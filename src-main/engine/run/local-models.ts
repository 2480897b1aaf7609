// The Ollama models of a run: which are used (target, judges), the longest prompt each will see, and the context window
// each gets for the whole run (explicit num_ctx, else sized once from /api/show and that prompt).
import { GRADER_CATALOG, type ProviderConfig, type Question } from '../../../src-shared/model';
import { baseUrlOf } from '../providers/adapter-options';
import { OLLAMA_DEFAULT_URL } from '../providers/ollama.provider';
import { tokensToFit, windowFor } from '../providers/prompt-tokens';
import { renderConversation } from '../grading/judge/judge-prompt';
import { resolveRubric } from '../../workspace/load-workspace';
import type { RunPlan, ValidWorkspace } from './plan';
import { questionMessages } from './target-caller';

/** One Ollama model a run calls, with the largest prompt (tokens, generous estimate) and answer it must hold. */
export type ModelUse = Readonly<{
  provider: string;
  model: string;
  roles: readonly ('target' | 'judge')[];
  /** num_ctx set in aieval.yaml (target, judge or provider); wins over sizing. */
  explicit: number | undefined;
  promptTokens: number;
  outputTokens: number;
}>;

/** The window a model runs with for the whole run (null: the server's default, when nothing could be sized). */
export type ModelWindow = ModelUse &
  Readonly<{ numCtx: number | null; modelMax: number | null; source: 'explicit' | 'sized' | 'server default' }>;

/** Room for a judge's template, dimension and guidance around the fenced parts (the bundled ones are under 1,200). */
const JUDGE_TEMPLATE_CHARS = 3000;
/** An agent's tool results and the judge's tool-call block are unknown before the run: room for them. */
const AGENT_EXTRA_CHARS = 16000;
const JUDGE_ANSWER_TOKENS = 512;
const TARGET_ANSWER_TOKENS = 1024;

const isOllama = (config: ProviderConfig | undefined): boolean => config?.kind === 'ollama';

/** The server a provider talks to, so two connections to one Ollama are known as one. */
export const serverOf = (config: ProviderConfig | undefined): string => baseUrlOf(config?.base_url, OLLAMA_DEFAULT_URL);

/** The judges (provider, model, num_ctx) of the plan's LLM graders. */
export function judgeRefs(plan: RunPlan, workspace: ValidWorkspace) {
  const { judge } = workspace.config;
  return plan.graders
    .filter((grader) => GRADER_CATALOG[grader.info.id].kind === 'llm_judge')
    .flatMap((grader) => {
      const ref = judge?.overrides?.[grader.info.id] ?? judge;
      return ref ? [{ graderId: grader.info.id, provider: ref.provider, model: ref.model, numCtx: ref.num_ctx }] : [];
    });
}

/** Every Ollama model of the run, merged by connection and model (one window per model per run). */
export function modelUses(
  plan: RunPlan,
  workspace: ValidWorkspace,
  criteriaOf: (question: Question, rubric: ReturnType<typeof resolveRubric>) => string,
): ModelUse[] {
  const { providers, settings } = workspace.config;
  const uses = new Map<string, ModelUse>();
  const add = (use: ModelUse) => {
    const key = `${use.provider}\n${use.model}`;
    const seen = uses.get(key);
    uses.set(
      key,
      seen
        ? {
            ...seen,
            roles: [...new Set([...seen.roles, ...use.roles])],
            explicit: seen.explicit ?? use.explicit,
            promptTokens: Math.max(seen.promptTokens, use.promptTokens),
            outputTokens: Math.max(seen.outputTokens, use.outputTokens),
          }
        : use,
    );
  };
  const { target } = plan;
  const agentExtra = target.mode === 'agent' ? AGENT_EXTRA_CHARS : 0;
  const longest = longestQuestion(plan, workspace, criteriaOf);
  if (isOllama(providers[target.provider])) {
    add({
      provider: target.provider,
      model: target.model,
      roles: ['target'],
      explicit: target.num_ctx ?? providers[target.provider]?.num_ctx,
      promptTokens: tokensToFit(target.system_prompt.length + longest.conversation + agentExtra),
      outputTokens: target.generation?.max_tokens ?? TARGET_ANSWER_TOKENS,
    });
  }
  const judgeChars =
    JUDGE_TEMPLATE_CHARS + longest.conversation + longest.criteria + settings.judge_response_char_limit + agentExtra;
  for (const judge of judgeRefs(plan, workspace)) {
    if (!isOllama(providers[judge.provider])) continue;
    add({
      provider: judge.provider,
      model: judge.model,
      roles: ['judge'],
      explicit: judge.numCtx ?? providers[judge.provider]?.num_ctx,
      promptTokens: tokensToFit(judgeChars),
      outputTokens: JUDGE_ANSWER_TOKENS,
    });
  }
  return [...uses.values()];
}

/** The longest conversation and the longest judge criteria (with ground truth) over the plan's questions. */
function longestQuestion(
  plan: RunPlan,
  workspace: ValidWorkspace,
  criteriaOf: (question: Question, rubric: ReturnType<typeof resolveRubric>) => string,
) {
  let conversation = 0;
  let criteria = 0;
  for (const question of plan.questions) {
    conversation = Math.max(conversation, renderConversation(questionMessages(question)).length);
    const rubric = question.rubric_ref ? resolveRubric(question.rubric_ref, workspace.rubrics) : undefined;
    const groundTruth = [...(question.expected_facts ?? []), ...(question.must_not_contain ?? [])].join('\n');
    criteria = Math.max(criteria, criteriaOf(question, rubric).length + groundTruth.length);
  }
  return { conversation, criteria };
}

/**
 * The window of each model: explicit num_ctx as set; otherwise the longest prompt plus its answer, asked of
 * /api/show once per model and capped by the model's own maximum and settings.ollama.max_num_ctx.
 */
export async function sizeWindows(
  uses: readonly ModelUse[],
  maxNumCtx: number,
  contextLength: (use: ModelUse) => Promise<number | null>,
): Promise<ModelWindow[]> {
  return Promise.all(
    uses.map(async (use): Promise<ModelWindow> => {
      const modelMax = await contextLength(use).catch(() => null);
      if (use.explicit !== undefined) return { ...use, numCtx: use.explicit, modelMax, source: 'explicit' };
      const cap = Math.min(maxNumCtx, modelMax ?? maxNumCtx);
      return { ...use, numCtx: windowFor(use.promptTokens, use.outputTokens, cap), modelMax, source: 'sized' };
    }),
  );
}

/** Whether the run goes in phases: the target on Ollama and a judge on another model of the same Ollama server. */
export function wantsPhases(plan: RunPlan, workspace: ValidWorkspace): boolean {
  const { providers, settings } = workspace.config;
  const targetConfig = providers[plan.target.provider];
  if (settings.ollama.schedule !== 'phased' || !isOllama(targetConfig)) return false;
  // state_check reads the agent's MCP servers right after the answer, so those questions are graded at once.
  if (plan.graders.some((grader) => grader.info.id === 'state_check')) return false;
  return judgeRefs(plan, workspace).some(
    (judge) =>
      isOllama(providers[judge.provider]) &&
      serverOf(providers[judge.provider]) === serverOf(targetConfig) &&
      judge.model !== plan.target.model,
  );
}

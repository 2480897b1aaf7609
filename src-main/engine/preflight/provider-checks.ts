// Preflight of the providers a run calls: the key resolves, the server answers, and it has the models asked for.
import { traitsOf, type GraderId, type ProviderConfig } from '../../../src-shared/model';
import { ProviderConfigError } from '../providers/connection-errors';
import { createProvider } from '../providers/create-provider';
import { ENGINE_KINDS } from '../providers/provider-kinds';
import { ProviderError } from '../providers/provider';
import {
  PREFLIGHT_TIMEOUT_MS,
  type PreflightCheck,
  type PreflightContext,
  type PreflightProblem,
} from './preflight-check';

/** Which models each provider is asked for, and by whom (a target, a judge). */
type Uses = Map<string, Map<string, Set<string>>>;

/** "target "a" and the judges of x, y": the users of a model, each once, the judges in one clause. */
function usersInWords(who: ReadonlySet<string>): string {
  const targets = [...who].filter((user) => !user.startsWith(JUDGE_OF));
  const judges = [...who].filter((user) => user.startsWith(JUDGE_OF)).map((user) => user.slice(JUDGE_OF.length));
  const judgeClause = judges.length === 0 ? [] : [`the judge${judges.length === 1 ? '' : 's'} of ${judges.join(', ')}`];
  const parts = [...targets, ...judgeClause];
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
const JUDGE_OF = 'judge of ';

/**
 * A provider's error names the provider, model and address ("provider "local" (ollama, http://…/api/tags): network
 * error: …"); under a subject that already names the provider, only the address and the cause are left.
 */
const withoutProvider = (message: string) => message.replace(/^provider "[^"]*" \((?:[^,()]+, )?([^()]*)\): /, '$1: ');

function usesOf({ workspace, plans }: PreflightContext, withTargets: boolean): Uses {
  const uses: Uses = new Map();
  const add = (provider: string, model: string, who: string) => {
    const models = uses.get(provider) ?? new Map<string, Set<string>>();
    uses.set(provider, models.set(model, (models.get(model) ?? new Set<string>()).add(who)));
  };
  const { judge } = workspace.config;
  for (const plan of plans) {
    // An external agent answers from its own endpoint; the target's provider is not called.
    if (withTargets && !plan.target.endpoint)
      add(plan.target.provider, plan.target.model, `target "${plan.target.id}"`);
    for (const grader of plan.graders) {
      if (grader.info.kind !== 'llm_judge' || !judge) continue;
      const ref = judge.overrides?.[grader.info.id as GraderId] ?? judge;
      add(ref.provider, ref.model, `${JUDGE_OF}${grader.info.id}`);
    }
  }
  return uses;
}

function modelFix(kind: ProviderConfig['kind'], model: string, models: readonly string[]): string {
  const fix = ENGINE_KINDS[kind].missingModelFix;
  if (fix) return fix(model);
  const some = models.slice(0, 8).join(', ');
  return `change the model in aieval.yaml (the server lists ${some}${models.length > 8 ? ', …' : ''})`;
}

async function checkProvider(
  name: string,
  config: ProviderConfig,
  wanted: ReadonlyMap<string, ReadonlySet<string>>,
  context: PreflightContext,
): Promise<PreflightProblem[]> {
  const subject = `provider "${name}" (${config.kind})`;
  let provider;
  try {
    provider = createProvider(name, config, {
      workspaceDir: context.workspace.dir,
      env: context.keysFor(name, config),
      timeoutMs: PREFLIGHT_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof ProviderConfigError)) throw error;
    return [{ subject, problem: error.message, fix: configFix(config, context.trusted) }];
  }
  // A cassette answers what it recorded; a question with no recording is degraded at run time, never invented.
  if (traitsOf(config.kind).connection === 'cassette') return [];
  const kind = ENGINE_KINDS[config.kind];
  let models: string[];
  try {
    models = await provider.listModels(context.signal);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const status = error.details.status;
    if (status === undefined)
      return [
        {
          subject,
          problem: `not reachable: ${withoutProvider(error.message)}`,
          fix: 'start the server, or correct base_url',
          environment: true,
        },
      ];
    if (status === 401 || status === 403)
      return [
        { subject, problem: `the key was refused: ${withoutProvider(error.message)}`, fix: 'set a valid API key' },
      ];
    // An OpenAI-compatible server without /models (or Anthropic's own listing) cannot say which models it has.
    if (status === 404 || status === 405) return [];
    return [{ subject, problem: withoutProvider(error.message), fix: 'check the server and base_url' }];
  }
  if (kind.models === 'unlisted') return []; // the key and the address are checked
  const hasModel = kind.hasModel ?? ((model: string, listed: readonly string[]) => listed.includes(model));
  return [...wanted].flatMap(([model, who]) =>
    hasModel(model, models)
      ? []
      : [
          {
            subject,
            problem: `model "${model}" (used by ${usersInWords(who)}) is not available`,
            fix: modelFix(config.kind, model, models),
          },
        ],
  );
}

/** A connection that cannot be built: a missing cassette, a key not set, or a key restricted mode withholds. */
function configFix(config: ProviderConfig, trusted: boolean): string {
  if (traitsOf(config.kind).connection === 'cassette') return 'point "file" at the cassette in aieval.yaml';
  // The problem (restricted mode's message) names the AIEVAL_KEY_<PROVIDER> variable and the app's key store.
  if (!trusted) return 'trust the workspace (ai-eval trust, or --trust-workspace) if you wrote it';
  return 'set the variable, or fix api_key_env in aieval.yaml';
}

/** The providers of the runs' targets and judges (withTargets), or of their judges only. */
const checkProviders = (checkName: string, withTargets: boolean): PreflightCheck => ({
  name: checkName,
  async run(context) {
    const uses = usesOf(context, withTargets);
    const checks = [...uses].map(([name, wanted]) => {
      const config = context.workspace.config.providers[name];
      if (!config)
        return Promise.resolve([
          { subject: `provider "${name}"`, problem: 'is not defined', fix: 'add it under providers: in aieval.yaml' },
        ]);
      return checkProvider(name, config, wanted, context);
    });
    return (await Promise.all(checks)).flat();
  },
});

export const providerChecks = checkProviders('providers', true);
export const judgeProviderChecks = checkProviders('judge providers', false);

// Checks before a run on Ollama, for the run preflight to call: models that are not installed (with the command that
// installs them) and prompts that cannot fit a model's own maximum window.
import type { LocalFinding as ContractFinding } from '../../../src-shared/contract/run-batch.contract';
import type { ProviderConfig } from '../../../src-shared/model';
import { installedModels, isInstalled, modelContextLength, pullCommand } from '../providers/ollama-models';
import { modelUses, serverOf, sizeWindows, type ModelUse, type ModelWindow } from './local-models';
import type { RunPlan, ValidWorkspace } from './plan';

/** What a check found, before the run it belongs to is known (the contract's finding names its target). */
export type LocalFinding = Omit<ContractFinding, 'targetId'>;

/** Every model of the run absent from its server's /api/tags (an error); a server that cannot be reached is a warning. */
export async function missingModels(
  uses: readonly Pick<ModelUse, 'provider' | 'model'>[],
  providers: Readonly<Record<string, ProviderConfig>>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<LocalFinding[]> {
  const byServer = new Map<string, Promise<string[]>>();
  const findings: LocalFinding[] = [];
  for (const use of uses) {
    const baseUrl = serverOf(providers[use.provider]);
    let installed = byServer.get(baseUrl);
    if (!installed) {
      installed = installedModels({ baseUrl, timeoutMs }, signal);
      byServer.set(baseUrl, installed);
    }
    try {
      if (!isInstalled(await installed, use.model)) {
        findings.push({
          level: 'error',
          provider: use.provider,
          model: use.model,
          message: `model ${use.model} is not installed on ${baseUrl} (provider "${use.provider}")`,
          fix: pullCommand(use.model),
        });
      }
    } catch (error) {
      // An unreachable server is the run's to report (each question degraded), not a reason to refuse it here.
      findings.push({
        level: 'warning',
        provider: use.provider,
        model: use.model,
        message: `cannot list the models of ${baseUrl} (provider "${use.provider}"): ${(error as Error).message}`,
      });
    }
  }
  return findings;
}

/** A warning for every model whose longest prompt and answer exceed what the window can hold: those calls will be cut. */
export function promptsThatCannotFit(windows: readonly ModelWindow[]): LocalFinding[] {
  return windows.flatMap((window) => {
    const needed = window.promptTokens + window.outputTokens;
    const limit = window.numCtx ?? window.modelMax;
    if (limit === null || needed <= limit) return [];
    const why =
      window.source === 'explicit'
        ? `num_ctx is set to ${limit}`
        : window.modelMax !== null && limit >= window.modelMax
          ? `the model's own maximum is ${window.modelMax}`
          : `settings.ollama.max_num_ctx caps it at ${limit}`;
    return [
      {
        level: 'warning',
        provider: window.provider,
        model: window.model,
        message:
          `the longest prompt for ${window.model} (${window.roles.join(' and ')}) needs about ${needed} tokens but ${why}: ` +
          'those calls will be cut and reported as errors, not scored',
      },
    ];
  });
}

/** Both checks for one planned run: missing models first; windows are sized (as the run will) for the models present. */
export async function localPreflight(
  plan: RunPlan,
  workspace: ValidWorkspace,
  criteriaOf: Parameters<typeof modelUses>[2],
  signal?: AbortSignal,
): Promise<LocalFinding[]> {
  const uses = modelUses(plan, workspace, criteriaOf);
  if (uses.length === 0) return [];
  const { providers, settings } = workspace.config;
  const timeoutMs = settings.request_timeout_ms;
  const missing = await missingModels(uses, providers, timeoutMs, signal);
  const absent = new Set(missing.map((finding) => `${finding.provider}\n${finding.model}`));
  const present = uses.filter((use) => !absent.has(`${use.provider}\n${use.model}`));
  const windows = await sizeWindows(present, settings.ollama.max_num_ctx, (use) =>
    modelContextLength({ baseUrl: serverOf(providers[use.provider]), timeoutMs }, use.model, signal),
  );
  return [...missing, ...promptsThatCannotFit(windows)];
}

/** The line the CLI prints for a finding (kept here too: the checks' tests compare against it). */
export { findingLine } from '../../../src-shared/text/preflight-line';

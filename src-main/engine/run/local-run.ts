// A run with models on Ollama, set up before its first call: each model's window, the schedule, measured concurrency.
import type { LocalRun } from '../../../src-shared/model';
import { AdaptiveConcurrency } from './adaptive-concurrency';
import { modelUses, sizeWindows, wantsPhases, type ModelWindow } from './local-models';
import type { RunPlan, ValidWorkspace } from './plan';
import { limiterSettings, type RunServices } from './run-services';

export type LocalSetup = Readonly<{
  schedule: LocalRun['schedule'];
  windows: readonly ModelWindow[];
  /** Set when the concurrency is measured rather than configured. */
  adaptive: AdaptiveConcurrency | undefined;
  /** The concurrency when it is configured. */
  fixedConcurrency: number;
}>;

export type LocalSetupInput = Readonly<{
  plan: RunPlan;
  workspace: ValidWorkspace;
  services: RunServices;
  criteriaOf: Parameters<typeof modelUses>[2];
  /** A regrade makes no target call: never phased, nothing to measure. */
  regrade: boolean;
  /** An adaptive run needs a repeat's verdict before the next repeat is asked: never phased. */
  adaptiveRepeats: boolean;
  measureConcurrency: boolean;
  concurrency: number;
}>;

/** Undefined for a run without an Ollama model. Sizing asks /api/show once per model; a failure there leaves it unsized. */
export async function prepareLocalRun(input: LocalSetupInput): Promise<LocalSetup | undefined> {
  const { plan, workspace, services } = input;
  const uses = modelUses(plan, workspace, input.criteriaOf);
  if (uses.length === 0) return undefined;
  const { ollama } = workspace.config.settings;
  const windows = await sizeWindows(uses, ollama.max_num_ctx, async (use) => {
    const provider = services.provider(use.provider);
    return provider.contextLength ? provider.contextLength(use.model) : null;
  });
  services.useLocalModels(windows, ollama.keep_alive);
  const schedule = !input.regrade && !input.adaptiveRepeats && wantsPhases(plan, workspace) ? 'phased' : 'interleaved';
  let adaptive: AdaptiveConcurrency | undefined;
  if (input.measureConcurrency && !input.regrade) {
    const connections = [...new Set(uses.map((use) => use.provider))];
    adaptive = new AdaptiveConcurrency((value) => {
      for (const name of connections)
        services.limiterOf(name).configure(limiterSettings(workspace.config.settings, value));
    });
    const measured = adaptive;
    services.onCallDone = (name) => {
      if (name === plan.target.provider) measured.callDone();
    };
  }
  return { schedule, windows, adaptive, fixedConcurrency: input.concurrency };
}

/** What the run's identity and progress say about it; model loads add up over a resumed run's processes. */
export function localRunOf(setup: LocalSetup, services: RunServices, before?: LocalRun): LocalRun {
  return {
    schedule: setup.schedule,
    windows: setup.windows.map((window) => ({
      provider: window.provider,
      model: window.model,
      numCtx: window.numCtx,
      modelMax: window.modelMax,
      promptTokens: window.promptTokens,
      source: window.source,
    })),
    concurrency: setup.adaptive
      ? { value: setup.adaptive.value, measured: true }
      : { value: setup.fixedConcurrency, measured: false },
    modelLoads: {
      count: (before?.modelLoads.count ?? 0) + services.modelLoads.count,
      totalMs: (before?.modelLoads.totalMs ?? 0) + services.modelLoads.totalMs,
    },
  };
}

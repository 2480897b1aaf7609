// What a run would trip on in aieval.yaml beyond its schema, found at load time: gate thresholds outside their
// metric's range, gates whose deciding judge is not the target's (they could never pass), duplicate tool server names,
// replay cassettes that are missing, outside the workspace or not JSONL cassettes, and every target disabled.
import { readFileSync } from 'node:fs';
import { GRADER_CATALOG, type Target, type WorkspaceConfig, type WorkspaceIssue } from '../../src-shared/model';
import type { Locator } from './validate-file';
import { workspaceFilePath } from './workspace-files';

/** The range of each gate metric: avg_score is on the 0-5 grader scale, the pass rates are fractions. */
const METRIC_RANGE = { avg_score: [0, 5], pass_rate: [0, 1], corrected_pass_rate: [0, 1] } as const;

export function configProblems(dir: string, config: WorkspaceConfig, locate: Locator): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  config.targets.forEach((target, index) => {
    const [min, max] = METRIC_RANGE[target.gate.metric];
    if (target.gate.threshold < min || target.gate.threshold > max)
      problems.push(
        locate(
          ['targets', index, 'gate', 'threshold'],
          'error',
          `${target.gate.threshold} is outside ${target.gate.metric}'s range ${min}-${max}: the gate could never pass`,
        ),
      );
    if (target.gate.bound !== undefined && target.gate.metric !== 'corrected_pass_rate')
      problems.push(
        locate(
          ['targets', index, 'gate', 'bound'],
          'error',
          `bound applies to metric corrected_pass_rate only (this gate's metric is ${target.gate.metric})`,
        ),
      );
    const judgeProblem = decidingJudgeProblem(target);
    if (judgeProblem)
      problems.push(locate(['targets', index, 'gate', judgeProblem.key], 'error', judgeProblem.message));
    const names = new Set<string>();
    (target.tools ?? []).forEach((tool, toolIndex) => {
      if (names.has(tool.name))
        problems.push(
          locate(['targets', index, 'tools', toolIndex, 'name'], 'error', `duplicate tool server name "${tool.name}"`),
        );
      names.add(tool.name);
    });
  });
  for (const [name, provider] of Object.entries(config.providers)) {
    if (provider.kind !== 'replay' || !provider.file) continue;
    const found = workspaceFilePath(dir, provider.file);
    const problem = found.ok ? cassetteProblem(found.path) : found.problem;
    if (problem) problems.push(locate(['providers', name, 'file'], 'error', `replay cassette: ${problem}`));
  }
  if (config.targets.length > 0 && config.targets.every((target) => !target.enabled))
    problems.push(
      locate(
        ['targets'],
        'warning',
        'every target is disabled: `ai-eval run` has nothing to run unless one is named with --target',
      ),
    );
  return problems;
}

const isJudge = (id: string) => GRADER_CATALOG[id as keyof typeof GRADER_CATALOG]?.kind === 'llm_judge';

/** A gate whose deciding judge is not one of the target's LLM judges can never pass: which key says so, and why. */
function decidingJudgeProblem(target: Target): { key: string; message: string } | undefined {
  const { gate, graders } = target;
  if (gate.judge !== undefined) {
    if (!graders.includes(gate.judge))
      return {
        key: 'judge',
        message: `${gate.judge} is not one of this target's graders (${graders.join(', ')}): its verdicts decide nothing here; attach it or name one of them`,
      };
    if (!isJudge(gate.judge))
      return {
        key: 'judge',
        message: `${gate.judge} is not an LLM judge: gate.judge names the judge whose pass/fail counts`,
      };
    return undefined;
  }
  const judges = graders.filter(isJudge);
  if (gate.metric === 'corrected_pass_rate' && !(graders.length === 1 && judges.length === 1))
    return {
      key: 'metric',
      message:
        "corrected_pass_rate corrects one LLM judge's pass rate: name it with gate.judge (this target has " +
        `${judges.length === 0 ? 'no LLM judge' : `graders ${graders.join(', ')}`}), or the gate could never pass`,
    };
  return undefined;
}

/** Why the file is no cassette of recorded calls: the first line that is not a JSON entry with its hash, request and answer. */
function cassetteProblem(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (error) {
      return `line ${index + 1} is not JSON (${(error as Error).message}): a cassette is the JSONL \`ai-eval run --record\` writes`;
    }
    const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    if (typeof fields.hash !== 'string' || typeof fields.request !== 'object' || typeof fields.response !== 'object')
      return `line ${index + 1} is not a recorded call (hash, request and response)`;
  }
  return undefined;
}

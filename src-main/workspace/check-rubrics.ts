// What a run would trip on inside a rubric or a question, found at load time: duplicate check ids, regexes that do
// not compile or cannot match in linear time, JSON Schemas that do not compile, target_match sources that are no
// dot path into a question (a key of the question's own schema misspelt included), llm_judge checks with nothing to
// judge or a template that does not exist, and state_check assertions that do not parse.
import {
  question as questionSchema,
  stateSpec,
  type Question,
  type Rubric,
  type RubricCheck,
  type WorkspaceIssue,
} from '../../src-shared/model';
import { compileJsonSchema } from '../matchers/json-schema';
import { compileLinearRegex, matchesProblem } from '../matchers/safe-regex';
import { nearest } from '../../src-shared/text/nearest';
import { knownKeysAt } from './did-you-mean';
import type { Locator } from './validate-file';

type Path = readonly PropertyKey[];

/** The judge template names the workspace can use, read when a rubric first needs them. */
export type TemplateNames = () => ReadonlySet<string>;

export function rubricProblems(rubric: Rubric, locate: Locator, templates: TemplateNames): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  const walk = (checks: readonly RubricCheck[], path: Path) => {
    const ids = new Set<string>();
    checks.forEach((check, index) => {
      const at = [...path, index];
      if (ids.has(check.id))
        problems.push(locate([...at, 'id'], 'error', `duplicate check id "${check.id}"; each check needs its own`));
      ids.add(check.id);
      const problem = checkProblem(check, templates);
      if (problem) problems.push(locate(problem.key ? [...at, problem.key] : at, 'error', problem.message));
      if (check.kind === 'composite') walk(check.checks, [...at, 'checks']);
    });
  };
  walk(rubric.checks, ['checks']);
  return problems;
}

/** The top-level keys of a question: a target_match source must start with one of them. */
const QUESTION_KEYS = Object.keys(questionSchema.shape);
const DOT_PATH = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

function checkProblem(check: RubricCheck, templates: TemplateNames): { key: string; message: string } | undefined {
  if (check.kind === 'regex') {
    const compiled = compileLinearRegex(check.pattern, check.flags);
    return compiled.ok ? undefined : { key: 'pattern', message: compiled.problem };
  }
  if (check.kind === 'json_schema') {
    const compiled = compileJsonSchema(check.schema);
    return compiled.ok ? undefined : { key: 'schema', message: compiled.problem };
  }
  if (check.kind === 'target_match') {
    const problem = sourceProblem(check.source);
    return problem ? { key: 'source', message: problem } : undefined;
  }
  if (check.kind === 'llm_judge') {
    if (!check.description?.trim())
      return { key: '', message: `llm_judge check ${check.id} has no description: it is what the judge checks` };
    const known = templates();
    if (!known.has(check.template)) {
      const suggestion = nearest(check.template, [...known]);
      return {
        key: 'template',
        message:
          `no judge template "${check.template}" (judge-templates/${check.template}.md here or bundled)` +
          (suggestion ? `; did you mean "${suggestion}"?` : `; known: ${[...known].sort().join(', ')}`),
      };
    }
  }
  return undefined;
}

/**
 * Why `source` is no dot path into a question: it must start with a question key, and every step the question's schema
 * knows the keys of (`expected.reference`) must be one of them; free-form parts (`metadata.…`) are not checked here.
 */
export function sourceProblem(source: string): string | undefined {
  const steps = source.split('.');
  if (!DOT_PATH.test(source) || !QUESTION_KEYS.includes(steps[0] ?? ''))
    return `"${source}" is not a dot path into the question (such as expected.reference); it starts with one of ${QUESTION_KEYS.join(', ')}`;
  for (let depth = 1; depth < steps.length; depth += 1) {
    const known = knownKeysAt(questionSchema, steps.slice(0, depth));
    const step = steps[depth] ?? '';
    if (known.length === 0 || known.includes(step)) continue;
    const suggestion = nearest(step, known);
    const at = steps.slice(0, depth).join('.');
    return (
      `"${source}": a question's ${at} has no key "${step}"` +
      (suggestion ? `; did you mean "${at}.${suggestion}"?` : `; its keys: ${known.join(', ')}`)
    );
  }
  return undefined;
}

/** A question's metadata.state (state_check): parsed and its patterns compiled as the grader will. */
export function questionProblems(question: Question, path: Path, locate: Locator): WorkspaceIssue[] {
  const raw = question.metadata?.state;
  if (raw === undefined) return [];
  const statePath = [...path, 'metadata', 'state'];
  const parsed = stateSpec.safeParse(raw);
  if (!parsed.success)
    return parsed.error.issues.map((issue) =>
      locate([...statePath, ...issue.path], 'error', `state_check: ${issue.message}`),
    );
  return parsed.data.assertions.flatMap((assertion, index) => {
    const problem = matchesProblem(assertion);
    return problem ? [locate([...statePath, 'assertions', index, 'expect', 'matches'], 'error', problem)] : [];
  });
}

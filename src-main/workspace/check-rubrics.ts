// What a run would trip on inside a rubric or a question, found at load time: duplicate check ids, regexes that do
// not compile or cannot match in linear time, JSON Schemas that do not compile, target_match sources that are no
// dot path into a question, and state_check assertions that do not parse.
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
import type { Locator } from './validate-file';

type Path = readonly PropertyKey[];

export function rubricProblems(rubric: Rubric, locate: Locator): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  const walk = (checks: readonly RubricCheck[], path: Path) => {
    const ids = new Set<string>();
    checks.forEach((check, index) => {
      const at = [...path, index];
      if (ids.has(check.id))
        problems.push(locate([...at, 'id'], 'error', `duplicate check id "${check.id}"; each check needs its own`));
      ids.add(check.id);
      const problem = checkProblem(check);
      if (problem) problems.push(locate([...at, problem.key], 'error', problem.message));
      if (check.kind === 'composite') walk(check.checks, [...at, 'checks']);
    });
  };
  walk(rubric.checks, ['checks']);
  return problems;
}

/** The top-level keys of a question: a target_match source must start with one of them. */
const QUESTION_KEYS = Object.keys(questionSchema.shape);
const DOT_PATH = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

function checkProblem(check: RubricCheck): { key: string; message: string } | undefined {
  if (check.kind === 'regex') {
    const compiled = compileLinearRegex(check.pattern, check.flags);
    return compiled.ok ? undefined : { key: 'pattern', message: compiled.problem };
  }
  if (check.kind === 'json_schema') {
    const compiled = compileJsonSchema(check.schema);
    return compiled.ok ? undefined : { key: 'schema', message: compiled.problem };
  }
  if (check.kind === 'target_match') {
    const first = check.source.split('.')[0] ?? '';
    if (DOT_PATH.test(check.source) && QUESTION_KEYS.includes(first)) return undefined;
    return {
      key: 'source',
      message: `"${check.source}" is not a dot path into the question (such as expected.reference); it starts with one of ${QUESTION_KEYS.join(', ')}`,
    };
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

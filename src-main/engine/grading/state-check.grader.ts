// state_check: after the agent finishes, asserts on the real state behind its MCP tools (docs/grading.md); 5.0 only if all pass.
import { GRADER_CATALOG, stateSpec } from '../../../src-shared/model';
import { matchesProblem } from '../../matchers/safe-regex';
import { errored, scored, skipped, type Grader } from './grader';
import { dotPath } from '../../../src-shared/text/dot-path';
import { checkExpectation, toolResultValue } from './state-assertions';

export const stateCheckGrader: Grader = {
  info: GRADER_CATALOG.state_check,
  async grade(context) {
    const raw = context.question.metadata?.state;
    if (raw === undefined) return skipped('no metadata.state');
    const parsed = stateSpec.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `${['metadata', 'state', ...issue.path].join('.')}: ${issue.message}`,
      );
      return scored(0, `setup failure: ${issues.join('; ')}`);
    }
    const spec = parsed.data;
    const badPattern = spec.assertions
      .map((assertion) => ({ id: assertion.id, problem: matchesProblem(assertion) }))
      .find((found) => found.problem !== undefined);
    if (badPattern) return scored(0, `setup failure: assertion ${badPattern.id}: ${badPattern.problem}`);
    if (!context.callTool || context.target.mode !== 'agent') {
      return errored(
        `state_check needs an agent target with MCP tool servers; target ${context.target.id} is in ${context.target.mode} mode, so the state cannot be read`,
      );
    }
    const servers = (context.target.tools ?? []).map((server) => server.name);
    if (!servers.includes(spec.server)) {
      return scored(
        0,
        `setup failure: metadata.state.server "${spec.server}" is not a tool server of target ${context.target.id} (${servers.join(', ') || 'none'})`,
      );
    }
    const lines: string[] = [];
    let allPassed = true;
    for (const assertion of spec.assertions) {
      let result: unknown;
      try {
        result = await context.callTool(spec.server, assertion.tool, assertion.args);
      } catch (error) {
        return errored(
          `state_check: calling ${spec.server}:${assertion.tool} for assertion ${assertion.id} failed: ${(error as Error).message}`,
        );
      }
      const { value, isError } = toolResultValue(result);
      const outcome = isError
        ? {
            passed: false,
            why: `${spec.server}:${assertion.tool} answered with an error: ${(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 200)}`,
          }
        : checkExpectation(assertion, dotPath(value, assertion.path));
      allPassed &&= outcome.passed;
      lines.push(`${outcome.passed ? 'PASS' : 'FAIL'} ${assertion.id}: ${outcome.why}`);
    }
    return scored(allPassed ? 5 : 0, lines.join('\n'));
  },
};

// regex: passes when the pattern matches (must_match: true) or does not (must_match: false), in linear time.
import { checkError, passFail, type CheckExecutor } from '../rubric/check-executor';
import { compileLinearRegex } from '../../../matchers/safe-regex';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const regexCheck: CheckExecutor<'regex'> = {
  kind: 'regex',
  schema: CHECK_KIND_SCHEMAS.regex,
  async execute(check, context) {
    const compiled = compileLinearRegex(check.pattern, check.flags);
    // validate refuses such a pattern; a rubric built in code may still carry one.
    if (!compiled.ok) return checkError(`regex check ${check.id}: ${compiled.problem}`);
    const match = compiled.regex.firstMatch(context.response);
    if (check.must_match)
      return passFail(
        match !== null,
        match !== null ? `matches /${check.pattern}/` : `does not match /${check.pattern}/`,
      );
    return passFail(
      match === null,
      match !== null
        ? `matches /${check.pattern}/ (at ${JSON.stringify(match.slice(0, 80))}), which it must not`
        : `does not match /${check.pattern}/`,
    );
  },
};

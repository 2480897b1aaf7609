// regex: passes when the pattern matches (must_match: true) or does not (must_match: false).
import { checkError, passFail, type CheckExecutor } from '../check-executor';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const regexCheck: CheckExecutor<'regex'> = {
  kind: 'regex',
  schema: CHECK_KIND_SCHEMAS.regex,
  async execute(check, context) {
    let pattern: RegExp;
    try {
      // g and y make test() stateful; one match anywhere is the question.
      pattern = new RegExp(check.pattern, check.flags.replace(/[gy]/g, ''));
    } catch (error) {
      return checkError(
        `regex check ${check.id}: invalid pattern /${check.pattern}/${check.flags}: ${(error as Error).message}`,
      );
    }
    const match = pattern.exec(context.response);
    if (check.must_match)
      return passFail(match !== null, match ? `matches /${check.pattern}/` : `does not match /${check.pattern}/`);
    return passFail(
      match === null,
      match
        ? `matches /${check.pattern}/ (at ${JSON.stringify(match[0].slice(0, 80))}), which it must not`
        : `does not match /${check.pattern}/`,
    );
  },
};

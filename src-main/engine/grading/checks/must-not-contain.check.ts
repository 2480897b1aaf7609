// must_not_contain: passes when the response contains none of the values.
import { passFail, type CheckExecutor } from '../rubric/check-executor';
import { findValues } from './find-values';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const mustNotContainCheck: CheckExecutor<'must_not_contain'> = {
  kind: 'must_not_contain',
  schema: CHECK_KIND_SCHEMAS.must_not_contain,
  async execute(check, context) {
    const found = findValues(context.response, check.values, check.case_sensitive);
    return found.length === 0
      ? passFail(true, 'contains none of the forbidden values')
      : passFail(false, `contains ${found.map((value) => JSON.stringify(value)).join(', ')}`);
  },
};

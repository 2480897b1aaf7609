// must_contain_any: passes when the response contains at least one of the values.
import { passFail, type CheckExecutor } from '../rubric/check-executor';
import { findValues } from './find-values';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const mustContainAnyCheck: CheckExecutor<'must_contain_any'> = {
  kind: 'must_contain_any',
  schema: CHECK_KIND_SCHEMAS.must_contain_any,
  async execute(check, context) {
    const found = findValues(context.response, check.values, check.case_sensitive);
    return found.length > 0
      ? passFail(true, `contains ${JSON.stringify(found[0])}`)
      : passFail(false, `contains none of ${JSON.stringify(check.values)}`);
  },
};

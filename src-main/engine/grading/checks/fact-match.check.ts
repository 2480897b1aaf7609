// fact_match: each fact (the check's, else the question's expected_facts) contained in the response, exactly or normalised.
import { executed, notExecuted, type CheckExecutor } from '../rubric/check-executor';
import { normalizeText } from '../rubric/normalize-text';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const factMatchCheck: CheckExecutor<'fact_match'> = {
  kind: 'fact_match',
  schema: CHECK_KIND_SCHEMAS.fact_match,
  async execute(check, context) {
    const facts = check.facts ?? context.question.expected_facts ?? [];
    if (facts.length === 0)
      return notExecuted('no facts (neither the check lists facts nor the question has expected_facts)');
    const prepare = check.normalize ? normalizeText : (text: string) => text;
    const response = prepare(context.response);
    const missing = facts.filter((fact) => !response.includes(prepare(fact)));
    const score = (facts.length - missing.length) / facts.length;
    return executed(
      score,
      missing.length === 0,
      missing.length === 0
        ? `all ${facts.length} facts stated`
        : `missing: ${missing.map((fact) => JSON.stringify(fact)).join(', ')}`,
    );
  },
};

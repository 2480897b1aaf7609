// The "Text only" warning of the seed: an agent target whose verdict cannot see what the agent did.
import { GRADER_CATALOG, type Question, type Target } from '../../src-shared/model';

export function textOnlyWarning(target: Target, questions: readonly Question[]): string | undefined {
  if (target.mode !== 'agent') return undefined;
  const observing = target.graders.filter((id) => GRADER_CATALOG[id].observesActions);
  if (observing.length === 0) {
    return 'Text only: no attached grader observes what the agent did (attach tool_usage_grader or state_check).';
  }
  const carriesKeys = questions.some(
    (question) => question.expected_tools?.length || question.metadata?.state !== undefined,
  );
  if (!carriesKeys) {
    return `Text only: no question carries expected_tools or metadata.state, so ${observing.join(' and ')} skip every question.`;
  }
  return undefined;
}

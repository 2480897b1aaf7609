// A question the target never really answered fails whatever its graders say: max_steps ran out, or the answer is empty.

/** The finish reason the agent loop records when the model still wanted tools after its last allowed step. */
export const MAX_STEPS_FINISH = 'max_steps';

/** Why the answer cannot pass, or null when it is a real answer. */
export function unansweredReason(
  answer: Readonly<{ response: string; finishReason: string | null }>,
  maxSteps: number | null,
): string | null {
  if (answer.finishReason === MAX_STEPS_FINISH)
    return `stopped at max_steps${maxSteps === null ? '' : ` (${maxSteps})`} without an answer`;
  if (answer.response.trim() === '') return 'empty final answer';
  return null;
}

// A scripted in-process JudgeClient for grader tests: answers in order and records every request.
import type { JudgeClient } from '../../../../src-main/engine/grading/grader';
import type { ChatRequest } from '../../../../src-main/engine/providers/provider';

export type FakeJudge = JudgeClient & { requests: Omit<ChatRequest, 'model'>[] };

/** Each answer is the judge's text, or an Error to throw (a provider failure). */
export function fakeJudge(...answers: (string | Error)[]): FakeJudge {
  const requests: Omit<ChatRequest, 'model'>[] = [];
  return {
    provider: 'fake',
    model: 'judge-1',
    requests,
    async chat(request) {
      requests.push(request);
      const answer = answers.shift() ?? new Error('the fake judge has no scripted answer left');
      if (answer instanceof Error) throw answer;
      return {
        text: answer,
        toolCalls: [],
        model: 'judge-1',
        finishReason: 'stop',
        rawFinishReason: 'stop',
        usage: { inputTokens: 10, outputTokens: 5 },
        latencyMs: 3,
        sent: { temperature: request.generation?.temperature },
      };
    },
  };
}

export const promptOf = (judge: FakeJudge, index = 0): string => {
  const content = judge.requests[index]?.messages[0]?.content;
  if (typeof content !== 'string') throw new Error(`no request #${index}`);
  return content;
};

// Calls for question history (issue 34): a target's regressed, flaky and fixed questions and tags, a question's timeline.
import { z } from 'zod';
import { string } from '../model/fields';
import { call } from '../rpc/define';
import {
  DEFAULT_HISTORY_SETTINGS,
  historySettings,
  questionTimeline,
  snakeId,
  targetHistory,
  workspaceIssue,
} from '../model';

const settings = {
  window: historySettings.shape.window.default(DEFAULT_HISTORY_SETTINGS.window),
  recent: historySettings.shape.recent.default(DEFAULT_HISTORY_SETTINGS.recent),
  minDrop: historySettings.shape.minDrop.default(DEFAULT_HISTORY_SETTINGS.minDrop),
};

export const historyContract = {
  /**
   * What changed for a target over its last `window` complete runs: regressed, fixed and flaky questions (with the
   * tests used, in `method`) and the tags that moved. `tag` narrows both; `questionId` keeps that question whatever
   * its state.
   */
  'history.target': call(() => ({
    input: z.object({
      targetId: snakeId,
      tag: string.max(200).optional(),
      questionId: snakeId.optional(),
      ...settings,
    }),
    output: targetHistory,
  })),
  /** One question's verdicts and scores run by run, with each run's prompt and model identity. */
  'history.question': call(() => ({
    input: z.object({ targetId: snakeId, questionId: snakeId, ...settings }),
    output: questionTimeline,
  })),
  /**
   * Puts a question into the target's quarantine in aieval.yaml (`on`), or takes it out, as a one-line edit: the gate
   * leaves a quarantined question out and says so; it still runs and is scored. Returns the quarantine after the edit.
   */
  'history.quarantine': call(() => ({
    input: z.object({
      targetId: snakeId,
      questionId: snakeId,
      on: z.boolean(),
      reason: z.string().min(1).max(500).optional(),
    }),
    output: z.object({
      issues: z.array(workspaceIssue),
      changed: z.boolean(),
      quarantine: z.array(z.string()),
    }),
  })),
} as const;

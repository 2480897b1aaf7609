// Calls for question history (issue 34): a target's regressed, flaky and fixed questions and tags, a question's timeline.
import { z } from 'zod';
import { string } from '../model/fields';
import { call } from '../rpc/define';
import { DEFAULT_HISTORY_SETTINGS, historySettings, questionTimeline, snakeId, targetHistory } from '../model';

const settings = {
  window: historySettings.shape.window.default(DEFAULT_HISTORY_SETTINGS.window),
  recent: historySettings.shape.recent.default(DEFAULT_HISTORY_SETTINGS.recent),
};

export const historyContract = {
  /**
   * What changed for a target over its last `window` complete runs: regressed, fixed and flaky questions (with the
   * tests used, in `method`) and the tags that moved. `tag` narrows both; `questionId` keeps that question whatever
   * its state.
   */
  'history.target': call(
    () => z.object({ targetId: snakeId, tag: string.max(200).optional(), questionId: snakeId.optional(), ...settings }),
    () => targetHistory,
  ),
  /** One question's verdicts and scores run by run, with each run's prompt and model identity. */
  'history.question': call(
    () => z.object({ targetId: snakeId, questionId: snakeId, ...settings }),
    () => questionTimeline,
  ),
} as const;

// What the judge tests share of the example workspace: the offline chat target, the LLM judge that grades it, and that
// judge's own verdict on a gold item (to label as the judge would, or against it on purpose).
import type { GoldItem } from '../../../src-shared/model';

/** The chat target that answers from recordings: it runs with no model. */
export const TARGET = 'helpdesk_chat_offline';
/** The target's LLM judge: the grader whose calls are sampled, labelled and validated. */
export const GRADER = 'accuracy_grader';

/** Pass or fail by the item's 0-5 judge score: 3.5 and above passes, the rule the example's judges follow. */
export const judgeSays = (item: GoldItem): 'pass' | 'fail' => ((item.judge_score ?? 0) >= 3.5 ? 'pass' : 'fail');

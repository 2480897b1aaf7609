// What a run stopped by its environment (a full disk) could not write: the results the store refused and the provider
// calls `--record` could not add to its cassette. The run's error names them, so nothing is lost without being said.
import type { NewQuestionResult } from '../../store/repos/results.repo';
import type { StoreApi } from '../../store/store';
import { plural } from '../../../src-shared/text/plural';
import type { CassetteWriter } from '../providers/cassette';
import type { ResultWriter } from './result-writer';

/** How a question appears in such a message: its id, and the repeat when it is not the first. */
export const questionLabel = (questionId: string, repeatIndex: number): string =>
  repeatIndex === 0 ? questionId : `${questionId} (repeat ${repeatIndex + 1})`;

/** Names listed in one message; the rest are counted. */
const LISTED = 10;

const listed = (labels: readonly string[]): string =>
  labels.length <= LISTED
    ? labels.join(', ')
    : `${labels.slice(0, LISTED).join(', ')} and ${labels.length - LISTED} more`;

export class UnwrittenWork {
  private readonly results: string[] = [];

  constructor(
    private readonly db: StoreApi,
    private readonly recorder: CassetteWriter | undefined,
  ) {}

  /** Writes a finished question's row; a row the store refuses is named at the end. */
  async write(writer: ResultWriter, row: NewQuestionResult): Promise<void> {
    try {
      await writer.write(row);
    } catch (error) {
      this.results.push(questionLabel(row.questionId, row.repeatIndex));
      throw error;
    }
  }

  /** Stops the run (at its next question, as a full store does) once the cassette missed a call. */
  checkCassette(): void {
    const { recorder } = this;
    const gap = recorder?.gap();
    if (recorder && gap) throw new Error(`the cassette ${recorder.file} could not be written`, { cause: gap.error });
  }

  /**
   * What the run kept and lost: "2 of 63 results are stored; 5 finished results could not be written: q1, q2 (repeat
   * 2), …; 3 provider calls (of q4, q5) are not in FILE; finish it with: ai-eval run --resume ID".
   */
  async summary(runId: string, total: number): Promise<string> {
    const stored = await this.db.results.doneKeys(runId).then(
      (keys) => `${keys.length} of ${total} results are stored`,
      () => 'the results stored so far are kept',
    );
    const parts = [stored];
    if (this.results.length > 0)
      parts.push(`${plural(this.results.length, 'finished result')} could not be written: ${listed(this.results)}`);
    const { recorder } = this;
    const gap = recorder?.gap();
    if (recorder && gap) {
      const owners = gap.owners.length > 0 ? ` (of ${listed(gap.owners)})` : '';
      parts.push(`${plural(gap.calls, 'provider call')}${owners} could not be recorded in ${recorder.file}`);
    }
    parts.push(`finish it with: ai-eval run --resume ${runId}`);
    return parts.join('; ');
  }
}

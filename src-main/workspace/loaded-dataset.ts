// One dataset as the workspace loader hands it on: its file, its parsed questions and how many are disabled.
import type { Dataset, Question } from '../../src-shared/model';

export type LoadedDataset = Readonly<{
  file: string;
  dataset: Dataset;
  /** Questions that are not disabled, in file order. */
  questions: readonly Question[];
  disabledCount: number;
}>;

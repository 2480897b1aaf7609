// Validates an aggregate and its samples file as EEE does: JSON Schemas (ajv), then the semantic and companion checks.
import {
  aggregateProblems,
  boundsByResult,
  companionProblems,
  layoutProblems,
  rowProblems,
  type CompanionDigest,
} from './eee-checks';
import { eeeValidators } from './eee-schema';
import { aggregateConsistencyProblems, SamplesLedger } from './envelope-consistency';
import type { EeeAggregate, EeeInstance } from './eee-types';
import { ownAggregateProblems } from './own-aggregate-checks';
import { scanLines } from './samples-file';
import { parseStrictJson } from '../strict-json';
import { plural } from '../../../../src-shared/text/plural';
import { inputFileProblem } from '../../../workspace/input-file';

/** Past this many, further problems are counted but not listed: one broken exporter can produce millions. */
export const MAX_LISTED_PROBLEMS = 20;

export type EnvelopeFiles = Readonly<{
  aggregate: unknown;
  /** The aggregate's file name (`<uuid4>.json`). */
  fileName: string;
  /** [collection, developer, model] when the aggregate sits in an EEE `data/` tree. */
  folder: readonly string[] | undefined;
  /** The samples file to check against the aggregate's link; undefined when there is none to read. */
  samplesPath: string | undefined;
  resourcesDir: string;
  /** Maps an older row onto the current schema before it is checked (imports of 0.2.x files). */
  upgradeRow?: (row: unknown) => unknown;
  /** Receives every row that passed its own checks (the importer keeps them). */
  onRow?: (row: EeeInstance, lineNumber: number) => void;
}>;

export type EnvelopeCheck = Readonly<{
  problems: string[];
  aggregate: EeeAggregate | undefined;
  digest: CompanionDigest | undefined;
}>;

class ProblemList {
  readonly listed: string[] = [];
  private more = 0;

  add(problems: readonly string[]): void {
    for (const problem of problems) {
      if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
      else this.more += 1;
    }
  }

  get all(): string[] {
    return this.more > 0 ? [...this.listed, `… and ${plural(this.more, 'more problem')}`] : this.listed;
  }
}

export async function validateEnvelope(files: EnvelopeFiles): Promise<EnvelopeCheck> {
  const validators = await eeeValidators(files.resourcesDir);
  const schemaProblems = validators.aggregate(files.aggregate);
  // The semantic checks read typed fields: they only make sense on a document the schema accepted.
  if (schemaProblems.length > 0)
    return { problems: schemaProblems.map((problem) => `schema: ${problem}`), aggregate: undefined, digest: undefined };
  const aggregate = files.aggregate as EeeAggregate;
  const problems = new ProblemList();
  problems.add(aggregateProblems(aggregate));
  problems.add(aggregateConsistencyProblems(aggregate));
  problems.add(ownAggregateProblems(aggregate));
  problems.add(layoutProblems(aggregate, files.fileName, files.folder));
  const link = aggregate.detailed_evaluation_results;
  let digest: CompanionDigest | undefined;
  const samplesProblem = files.samplesPath === undefined ? undefined : inputFileProblem(files.samplesPath, Infinity);
  if (link && samplesProblem) problems.add([`the samples file: ${samplesProblem}`]);
  else if (link && files.samplesPath !== undefined) {
    const bounds = boundsByResult(aggregate);
    const ledger = new SamplesLedger(aggregate);
    digest = await scanLines(files.samplesPath, (line, lineNumber) => {
      let row: unknown;
      try {
        row = parseStrictJson(line, `samples line ${lineNumber}`);
        if (files.upgradeRow) row = files.upgradeRow(row);
      } catch (error) {
        problems.add([(error as Error).message]);
        return;
      }
      const rowSchema = validators.instance(row);
      if (rowSchema.length > 0) {
        problems.add(rowSchema.map((problem) => `samples line ${lineNumber}: schema: ${problem}`));
        return;
      }
      const rowIssues = [
        ...rowProblems(row as EeeInstance, aggregate, bounds, lineNumber),
        ...ledger.add(row as EeeInstance, lineNumber),
      ];
      problems.add(rowIssues.map((problem) => `samples ${problem}`));
      if (rowIssues.length === 0) files.onRow?.(row as EeeInstance, lineNumber);
    });
    problems.add(companionProblems(link, digest));
    problems.add(ledger.recomputedProblems());
  }
  return { problems: problems.all, aggregate, digest };
}

// `ai-eval sample-traces`: adds a seeded, stratified sample of a judge's stored calls to its gold set (labels/<grader>/),
// or writes it as a YAML labeling file with --out.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeIdentity } from '../../src-shared/model';
import { writeFileAtomic } from '../workspace/write-file';
import type { GraderId } from '../../src-shared/model';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command, type ParsedArgs } from './command';
import { intArg, judgeGraderArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

export const sampleTracesCommand: Command = {
  name: 'sample-traces',
  summary: "Sample a judge's stored calls into its gold set (labels/<grader>/) or a YAML file for labeling",
  usage:
    'ai-eval sample-traces --grader ID [--n 30] [--window-days 30] [--seed S] [--no-stratify] [--out FILE.yaml [--force]]',
  options: {
    ...COMMON_OPTIONS,
    grader: { type: 'string', short: 'g' },
    n: { type: 'string' },
    'window-days': { type: 'string' },
    seed: { type: 'string' },
    'no-stratify': { type: 'boolean' },
    out: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
  },
  async run(args, io) {
    const grader = judgeGraderArg(args);
    const n = intArg(args, 'n', 30, 1);
    const windowDays = intArg(args, 'window-days', 30, 1);
    const seed = args.values.seed === undefined ? undefined : intArg(args, 'seed', 0, 0);
    const out = args.values.out;
    const stratify = args.values['no-stratify'] !== true;
    if (out === undefined) return sampleIntoGoldSet(args, io, { grader, n, windowDays, seed, stratify });
    if (typeof out !== 'string' || out === '') throw new UsageError('--out FILE.yaml names the file to write');
    const path = resolve(io.cwd, out);
    // A labels file may hold hours of labeling: never overwrite one by accident.
    if (existsSync(path) && args.values.force !== true) {
      io.err(`error: ${out} already exists; choose another --out or pass --force to overwrite it`);
      return EXIT.invalid;
    }
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const sample = await client['judges.sampleFile']({ grader, n, windowDays, seed, stratify });
      writeFileAtomic(path, sample.yaml);
      const passes = sample.judgePasses;
      const by = sample.judge ? ` by ${describeIdentity(sample.judge)}` : '';
      io.out(
        `Wrote ${sample.items} item(s) (${passes} judge-pass, ${sample.items - passes} judge-fail) ` +
          `from ${sample.population} ${grader} call(s)${by} of the last ${windowDays} day(s) to ${out} (seed ${sample.seed}).`,
      );
      if (sample.items < n) io.err(`warning: only ${sample.items} of the ${n} requested calls were available`);
      if (stratify && (passes === 0 || passes === sample.items)) {
        io.err(
          `warning: the judge gave every stored call in the window the same verdict; the labels may miss one class`,
        );
      }
      io.out(
        `Set each human_label to pass, fail or defer, then run: ai-eval validate-judge --grader ${grader} --labels ${out}`,
      );
      return EXIT.ok;
    });
  },
};

type SampleArgs = Readonly<{ grader: GraderId; n: number; windowDays: number; seed?: number; stratify: boolean }>;

/** Adds the sample to the judge's gold set folder; an item sampled before keeps its file and its labels. */
function sampleIntoGoldSet(args: ParsedArgs, io: CliIo, request: SampleArgs): Promise<number> {
  return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
    const sample = await client['judges.sample'](request);
    const passes = sample.judgePasses;
    const by = sample.judge ? ` by ${describeIdentity(sample.judge)}` : '';
    const { folder } = await client['judges.goldSetFiles']({ grader: request.grader });
    io.out(
      `Sampled ${sample.items.length} item(s) (${passes} judge-pass, ${sample.items.length - passes} judge-fail) from ` +
        `${sample.population} ${request.grader} call(s)${by} of the last ${request.windowDays} day(s) (seed ${sample.seed}); ` +
        `${sample.added} new in ${folder}/items/.`,
    );
    if (sample.items.length < request.n)
      io.err(`warning: only ${sample.items.length} of the ${request.n} requested calls were available`);
    io.out(`Label them in the app (Judges, Label) or with: ai-eval label --grader ${request.grader}`);
    return EXIT.ok;
  });
}

// `ai-eval sample-traces`: adds a seeded, stratified sample of a judge's stored calls to its gold set (labels/<grader>/),
// or writes it as a YAML labeling file with --out.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeIdentity, type GraderId, type JudgeIdentity } from '../../src-shared/model';
import { writeFileAtomic } from '../workspace/write-file';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command, type ParsedArgs } from './command';
import { intArg, judgeGraderArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

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
      const drawn = { items: sample.items, passes: sample.judgePasses, population: sample.population };
      io.out(`Wrote ${drawnInWords(drawn, sample.judge, grader, windowDays)} to ${out} (seed ${sample.seed}).`);
      warnAboutDraw(drawn, { n, stratify }, io);
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
    const { folder } = await client['judges.goldSetFiles']({ grader: request.grader });
    const drawn = { items: sample.items.length, passes: sample.judgePasses, population: sample.population };
    io.out(
      `Sampled ${drawnInWords(drawn, sample.judge, request.grader, request.windowDays)} (seed ${sample.seed}): ` +
        `${sample.added} new in ${folder}/items/.`,
    );
    warnAboutDraw(drawn, request, io);
    io.out(`Label them in the app (Judges, Label) or with: ai-eval label --grader ${request.grader}`);
    return EXIT.ok;
  });
}

type Drawn = Readonly<{ items: number; passes: number; population: number }>;

/** "10 items (5 judge-pass, 5 judge-fail) from 12 accuracy_grader calls by local/m of the last 30 days". */
function drawnInWords(drawn: Drawn, judge: JudgeIdentity | null, grader: GraderId, windowDays: number): string {
  const by = judge ? ` by ${describeIdentity(judge)}` : '';
  return (
    `${plural(drawn.items, 'item')} (${drawn.passes} judge-pass, ${drawn.items - drawn.passes} judge-fail) ` +
    `from ${plural(drawn.population, `${grader} call`)}${by} of the last ${plural(windowDays, 'day')}`
  );
}

/** Fewer calls than asked, or a judge that gave them all one verdict, is said on stderr. */
function warnAboutDraw(drawn: Drawn, request: Readonly<{ n: number; stratify: boolean }>, io: CliIo): void {
  if (drawn.items < request.n)
    io.err(`warning: only ${drawn.items} of the ${request.n} requested calls were available`);
  if (request.stratify && (drawn.passes === 0 || drawn.passes === drawn.items))
    io.err(`warning: the judge gave every stored call in the window the same verdict; the labels may miss one class`);
}

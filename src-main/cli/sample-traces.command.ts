// `ai-eval sample-traces`: writes a seeded, stratified sample of a judge's stored calls as a YAML labeling fixture.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeIdentity } from '../../src-shared/model';
import { writeFileAtomic } from '../workspace/write-file';
import { COMMON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { intArg, judgeGraderArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

export const sampleTracesCommand: Command = {
  name: 'sample-traces',
  summary: "Sample a judge's stored calls into a YAML file for labeling",
  usage:
    'ai-eval sample-traces --grader ID [--n 30] [--window-days 30] [--seed S] [--no-stratify] --out FILE.yaml [--force]',
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
    if (typeof out !== 'string' || out === '') throw new UsageError('--out FILE.yaml is required');
    const path = resolve(io.cwd, out);
    // A labels file may hold hours of labeling: never overwrite one by accident.
    if (existsSync(path) && args.values.force !== true) {
      io.err(`error: ${out} already exists; choose another --out or pass --force to overwrite it`);
      return EXIT.invalid;
    }
    const stratify = args.values['no-stratify'] !== true;
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const sample = await client['judges.sampleFile']({ grader, n, windowDays, seed, stratify });
      writeFileAtomic(path, sample.yaml);
      const passes = sample.judgePasses;
      const by = sample.judge ? ` by ${describeIdentity(sample.judge)}` : '';
      io.out(
        `Wrote ${plural(sample.items, 'item')} (${passes} judge-pass, ${sample.items - passes} judge-fail) ` +
          `from ${plural(sample.population, `${grader} call`)}${by} of the last ${plural(windowDays, 'day')} to ${out} (seed ${sample.seed}).`,
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

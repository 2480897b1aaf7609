// `ai-eval validate-judge`: measures a judge against human labels (its gold set, or a labels file), records it in
// labels/<grader>/validations.jsonl, exits 0 if the judge's standing is trusted.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeIdentity, formatIssue, type JudgeValidation, type WorkspaceIssue } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import { JSON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { judgeGraderArg, range, rate } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

export const validateJudgeCommand: Command = {
  name: 'validate-judge',
  summary: 'Measure a judge against its gold set’s labels or a labels file (TPR, TNR, trust); exit 1 unless trusted',
  usage: 'ai-eval validate-judge --grader ID [--labels FILE.yaml] [--json]',
  options: {
    ...JSON_OPTIONS,
    grader: { type: 'string', short: 'g' },
    labels: { type: 'string', short: 'l' },
    'from-store': { type: 'boolean' },
  },
  async run(args, io) {
    const grader = judgeGraderArg(args);
    const file = args.values.labels;
    // --from-store, of before the label files, names the gold set too (the store is its index).
    if (typeof file === 'string' && args.values['from-store'] === true)
      throw new UsageError('give --labels FILE.yaml, or nothing for the gold set in labels/');
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      let validation: JudgeValidation;
      if (typeof file === 'string') {
        const path = resolve(io.cwd, file);
        if (!existsSync(path)) {
          io.err(`error: ${file}: no such file`);
          return EXIT.invalid;
        }
        try {
          validation = await client['judges.validate']({ grader, labelsFile: path, labelsName: file });
        } catch (error) {
          // The file's problems, one a line with file, line and item, as `ai-eval validate` prints a workspace's.
          if (!(error instanceof RpcError && error.code === 'bad_input' && Array.isArray(error.details))) throw error;
          for (const issue of error.details as WorkspaceIssue[]) io.err(formatIssue(issue));
          return EXIT.invalid;
        }
      } else {
        if ((await client['judges.goldItems']({ grader })).length === 0) {
          const { folder } = await client['judges.goldSetFiles']({ grader });
          io.err(
            `error: ${grader} has no gold items in ${folder}/; sample its calls first: ai-eval sample-traces --grader ${grader}`,
          );
          return EXIT.invalid;
        }
        validation = await client['judges.validate']({ grader });
      }
      const { judges } = await client['settings.get']({});
      if (args.values.json) io.out(JSON.stringify(validation, null, 2));
      else printReport(validation, judges, io);
      // The exit follows the judge's standing, which these labels decide only when the gold set holds none.
      return (validation.standing?.state ?? validation.state) === 'trusted' ? EXIT.ok : EXIT.failed;
    });
  },
};

function printReport(
  v: JudgeValidation,
  thresholds: { min_tpr: number; min_tnr: number; confidence: number },
  io: CliIo,
): void {
  const judge = v.judge.provider ? ` judged by ${describeIdentity(v.judge)}` : '';
  const ignored = [
    v.n_defer && `${v.n_defer} defer`,
    v.n_unlabelled && `${v.n_unlabelled} unlabelled`,
    v.n_unscored && `${v.n_unscored} without a judge score`,
  ].filter(Boolean);
  const pct = Math.round(thresholds.confidence * 100);
  io.out(`${v.grader}${judge}`);
  io.out(
    `labels: ${v.n_pos + v.n_neg} (${v.n_pos} pass, ${v.n_neg} fail)${ignored.length ? `; ignored: ${ignored.join(', ')}` : ''}`,
  );
  io.out('                human pass  human fail');
  io.out(`  judge pass    ${String(v.tp).padStart(10)}  ${String(v.fp).padStart(10)}`);
  io.out(`  judge fail    ${String(v.fn).padStart(10)}  ${String(v.tn).padStart(10)}`);
  io.out(
    `TPR ${rate(v.tpr)} (${v.tp}/${v.n_pos}${v.tpr_ci ? `, ${pct}% CI ${range(v.tpr_ci)}` : ''}), required ${thresholds.min_tpr}`,
  );
  io.out(
    `TNR ${rate(v.tnr)} (${v.tn}/${v.n_neg}${v.tnr_ci ? `, ${pct}% CI ${range(v.tnr_ci)}` : ''}), required ${thresholds.min_tnr}`,
  );
  if (v.weighted)
    io.out('TPR and TNR weight each stratum (judge passed, judge failed) back to the calls it was sampled from');
  io.out(`state: ${v.state}${v.reason ? ` (${v.reason})` : ''}`);
  if (v.standing)
    io.out(`standing: ${v.standing.state}, from ${v.standing.labels_source ?? 'no labels'}: ${v.standing.note}`);
  for (const warning of v.warnings) io.err(`warning: ${warning}`);
}

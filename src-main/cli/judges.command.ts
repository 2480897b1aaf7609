// `ai-eval judges`: every grader with its kind, scale, what it sees, its judge in this workspace and its trust, then
// the agreement between reviewers where two or more labelled the same items.
import type { JudgeSummary } from '../../src-shared/contract/judges.contract';
import { describeIdentity, GRADER_CATALOG, GRADER_IDS, type GraderInfo } from '../../src-shared/model';
import { agreementInWords, disagreementsInWords } from '../../src-shared/text/agreement-words';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { rate, when } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

const scaleOf = (info: GraderInfo) =>
  `${info.minScore}-${info.maxScore}${info.maxScore - info.minScore === 1 ? ' (binary)' : ''}`;
const seesOf = (info: GraderInfo) =>
  info.observesActions ? 'observes actions' : info.seesToolCalls ? 'response + tool calls' : 'response';

function trustOf(summary: JudgeSummary | undefined): string {
  if (!summary) return '-';
  const v = summary.validation;
  const rates = v ? ` TPR ${rate(v.tpr)} TNR ${rate(v.tnr)}, validated ${when(summary.validatedAt)}` : '';
  return `${summary.state}${rates}; gold ${summary.gold.labelled}/${summary.gold.targetN}`;
}

export const judgesCommand: Command = {
  name: 'judges',
  summary: 'List the graders: kind, scale, what each sees, its judge and trust',
  usage: 'ai-eval judges [--workspace DIR] [--json]',
  options: JSON_OPTIONS,
  async run(args, io) {
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const summaries = new Map((await client['judges.list']({})).map((s) => [s.grader as string, s]));
      const rows = GRADER_IDS.map((id) => ({ info: GRADER_CATALOG[id], summary: summaries.get(id) }));
      const agreements = await client['judges.agreement']({});
      if (args.values.json) {
        const json = rows.map(({ info, summary }) => ({
          grader: info.id,
          label: info.label,
          kind: info.kind,
          scale: [info.minScore, info.maxScore],
          sees_tool_calls: info.seesToolCalls,
          observes_actions: info.observesActions,
          needs: info.needs,
          judge: summary?.judge ?? null,
          trust: summary ?? null,
          agreement: agreements.find((a) => a.scope === 'grader' && a.group === info.id) ?? null,
        }));
        io.out(JSON.stringify(json, null, 2));
        return EXIT.ok;
      }
      const table = rows.map(({ info, summary }) => [
        info.id,
        info.kind === 'llm_judge' ? 'judge' : 'deterministic',
        scaleOf(info),
        seesOf(info),
        summary?.judge ? describeIdentity(summary.judge) : info.kind === 'llm_judge' ? '(none configured)' : '-',
        trustOf(summary),
      ]);
      const header = ['grader', 'kind', 'scale', 'sees', 'judge', 'trust'];
      const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
      for (const row of [header, ...table])
        io.out(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
      if (agreements.length > 0) io.out('\nAgreement between reviewers (named reviewers, pass/fail labels):');
      for (const agreement of agreements)
        io.out(
          `  ${agreement.scope === 'grader' ? agreement.group : `tag ${agreement.group}`}: ${agreementInWords(agreement)}; ${disagreementsInWords(agreement)}`,
        );
      for (const summary of summaries.values())
        for (const warning of summary.warnings) io.err(`warning: ${summary.grader}: ${warning}`);
      return EXIT.ok;
    });
  },
};

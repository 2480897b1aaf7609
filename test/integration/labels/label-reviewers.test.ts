import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { runCliInProcess } from '../../support/cli';
import { exampleJudgedLocally } from '../../support/workspace';
import { halfPassedCalls, storeJudgeCalls } from '../../unit/engine/trust/store-fixture';

type Envelope = { ok: boolean; value?: unknown; error?: unknown };
const unwrap = <T>(envelope: Envelope): T => {
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
  return envelope.value as T;
};

describe('several reviewers: who labelled, their agreement, and TPR/TNR on agreed labels only', () => {
  it('keeps each reviewer’s verdict, reports κ per judge and per tag, leaves disputed items out, and undoes per reviewer', async () => {
    const dir = exampleJudgedLocally('{ gold_target_n: 8, min_per_class: 4 }');
    storeJudgeCalls(dir, halfPassedCalls('accuracy_grader', 12));
    const app = createTestApp(dir);
    const call = async <T>(method: string, input: unknown) =>
      unwrap<T>(await app.dispatch(method as never, input, { transport: 'in-process' }));
    try {
      const sample = await call<{ items: { id: string; judge_score: number }[] }>('judges.sample', {
        grader: 'accuracy_grader',
        n: 10,
        seed: 3,
      });
      const items = sample.items.map((item) => ({ id: item.id, judge: item.judge_score >= 3.5 ? 'pass' : 'fail' }));
      expect(items.filter((item) => item.judge === 'pass')).toHaveLength(5);
      const firstPass = items.find((item) => item.judge === 'pass')!.id;
      const firstFail = items.find((item) => item.judge === 'fail')!.id;
      const submit = (id: string, verdict: string, reviewer?: string, tags?: string[]) =>
        call<{ label: { reviewer: string; verdict: string } }>('labels.submit', {
          subjectType: 'gold_item',
          subjectId: id,
          verdict,
          ...(reviewer === undefined ? {} : { reviewer }),
          ...(tags ? { tags } : {}),
        });
      // ana agrees with the judge everywhere and tags the first four items; ben flips one pass and one fail.
      for (const [index, item] of items.entries())
        await submit(item.id, item.judge, 'ana', index < 4 ? ['refund'] : undefined);
      for (const item of items) {
        const flipped = item.id === firstPass ? 'fail' : item.id === firstFail ? 'pass' : item.judge;
        expect((await submit(item.id, flipped, 'ben')).label.reviewer).toBe('ben');
      }
      const rows = app.state
        .syncStore!.db.prepare(
          `SELECT reviewer, COUNT(*) AS n FROM reviewer_verdicts GROUP BY reviewer ORDER BY reviewer`,
        )
        .all();
      expect(rows).toEqual([
        { reviewer: 'ana', n: 10 },
        { reviewer: 'ben', n: 10 },
      ]);

      // 8 of 10 agree, each reviewer 5 pass / 5 fail: p_o 0.8, p_e 0.5, κ = 0.3/0.5 = 0.6.
      type Agreement = {
        scope: string;
        group: string;
        statistic: string;
        value: number;
        ci: [number, number] | null;
        ciNote: string | null;
      };
      const agreements = await call<Agreement[]>('judges.agreement', {});
      const judge = agreements.find((a) => a.scope === 'grader' && a.group === 'accuracy_grader');
      expect(judge).toMatchObject({ statistic: 'cohen_kappa', items: 10, reviewers: ['ana', 'ben'], disagreements: 2 });
      expect(judge!.value).toBeCloseTo(0.6, 12);
      // 10 items are too few for a stable bootstrap interval: none, and the note says why.
      expect(judge!.ci).toBeNull();
      expect(judge!.ciNote).toBe('no interval below 20 shared items: on so few a bootstrap interval is unstable');
      const tagged = agreements.find((a) => a.scope === 'tag' && a.group === 'refund');
      expect(tagged).toMatchObject({ items: 4, reviewers: ['ana', 'ben'] });
      // `ai-eval judges` says the same, in the same words as the judges screen, and in its --json per grader.
      const configDir = mkdtempSync(join(tmpdir(), 'aieval-cfg-'));
      const printed = await runCliInProcess(['judges', '--workspace', dir], configDir);
      expect(printed.stdout).toMatch(
        /\n {2}accuracy_grader: κ 0\.60 \(no interval below 20 shared items: on so few a bootstrap interval is unstable\) over 10 items labelled by ana and ben; they disagree on 2 items, left out of TPR\/TNR until they agree\n/,
      );
      expect(printed.stdout).toContain('  tag refund: κ ');
      const listed = JSON.parse(
        (await runCliInProcess(['judges', '--workspace', dir, '--json'], configDir)).stdout,
      ) as {
        grader: string;
        agreement: { value: number } | null;
      }[];
      expect(listed.find((j) => j.grader === 'accuracy_grader')!.agreement!.value).toBeCloseTo(0.6, 12);
      expect(listed.find((j) => j.grader === 'relevance_grader')!.agreement).toBeNull();

      // The two disputed items are left out: the judge agrees with every agreed label.
      const validation = await call<Record<string, unknown>>('judges.validate', { grader: 'accuracy_grader' });
      expect(validation).toMatchObject({ n_pos: 4, n_neg: 4, tpr: 1, tnr: 1, n_disputed: 2, state: 'trusted' });
      expect(validation.warnings).toContain(
        '2 items whose reviewers disagree (pass against fail) were left out of TPR/TNR until they agree',
      );
      const [summary] = (await call<{ grader: string; warnings: string[] }[]>('judges.list', {})).filter(
        (j) => j.grader === 'accuracy_grader',
      );
      expect(summary!.warnings).toContain(
        '2 items whose reviewers disagree (pass against fail) are left out of TPR/TNR until they agree',
      );

      // The reviewer in the user's settings labels when the call names none; undo takes back only that verdict.
      expect(await call('userSettings.update', { reviewer: 'cara' })).toEqual({ reviewer: 'cara', storeUrl: '' });
      expect((await submit(firstPass, 'pass')).label.reviewer).toBe('cara');
      const three = (await call<Agreement[]>('judges.agreement', {})).find((a) => a.group === 'accuracy_grader');
      expect(three).toMatchObject({ statistic: 'krippendorff_alpha', reviewers: ['ana', 'ben', 'cara'] });
      // Reviewers stay blind to each other: the workbench shows cara her own verdict, never ana's or ben's.
      const shown = async () =>
        (await call<{ id: string; human_label: string | null }[]>('judges.goldItems', { grader: 'accuracy_grader' }))
          .filter((item) => item.human_label !== null)
          .map((item) => [item.id, item.human_label]);
      expect(await shown()).toEqual([[firstPass, 'pass']]);
      const undone = await call<{ reverted: { label: { reviewer: string; verdict: string } }[] }>('labels.undo', {
        subjectType: 'gold_item',
        subjectId: firstPass,
      });
      expect(undone.reverted[0]!.label).toMatchObject({ reviewer: 'ben', verdict: 'fail' });
      const after = (await call<Agreement[]>('judges.agreement', {})).find((a) => a.group === 'accuracy_grader');
      expect(after).toMatchObject({ statistic: 'cohen_kappa', reviewers: ['ana', 'ben'], disagreements: 2 });

      // ben changes his mind on one item, then undoes it: his earlier verdict comes back with the label.
      await submit(firstFail, 'fail', 'ben');
      expect(
        (await call<Agreement[]>('judges.agreement', {})).find((a) => a.group === 'accuracy_grader'),
      ).toMatchObject({
        disagreements: 1,
      });
      await call('labels.undo', {});
      const verdict = app.state
        .syncStore!.db.prepare(`SELECT verdict FROM reviewer_verdicts WHERE subject_id = ? AND reviewer = 'ben'`)
        .pluck()
        .get(firstFail);
      expect(verdict).toBe('pass');
      // Without a name the workbench shows the agreed label: none on the two disputed items, whoever labelled last.
      await call('userSettings.update', { reviewer: '' });
      expect(await shown()).toHaveLength(8);
    } finally {
      await app.dispose();
    }
  });
});

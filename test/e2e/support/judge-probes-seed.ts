// Serves a copy of the example whose relevance_grader has 120 stored judge calls (longer answers scored higher) and
// a gold set of 90, 64 labelled over three weeks: the judge agrees with every label but 3 of the latest week's.
import { loadJudgeTemplate } from '../../../src-main/engine/grading/judge/judge-templates';
import { sampleForLabeling } from '../../../src-main/engine/trust/sample-calls';
import { seededRandom } from '../../../src-main/engine/stats/random';
import { Store, storeFile } from '../../../src-main/store/store';
import { copyExample } from '../../support/workspace';
import { insertGoldItems, insertJudgeCalls } from '../../unit/engine/trust/store-fixture';
import { rpc, serveExample, type Served } from './serve';

export const PROBED_GRADER = 'relevance_grader';
const DAY = 86_400_000;
/** Labels given 15, 8 and 1 days ago: three 7-day windows. */
const WINDOWS = [
  { daysBack: 15, items: 24 },
  { daysBack: 8, items: 24 },
  { daysBack: 1, items: 16 },
];
const FLIPPED_IN_LATEST = 3;

function seedStore(dir: string, now: number): void {
  const random = seededRandom(35);
  const template = `judge@${loadJudgeTemplate('judge', dir).version}`;
  const scores = Array.from({ length: 120 }, (_, i) => (i < 80 ? 4 + (i % 2) : i % 3));
  const store = Store.open(storeFile(dir));
  try {
    const ids = insertJudgeCalls(
      store,
      scores.map((score, i) => ({
        score,
        provider: 'offline',
        template,
        createdAt: now - 20 * DAY + i,
        question: `How do I reset my password (case ${i})?`,
        response: `${'Open Settings, choose Security, then Reset password. '.repeat(1 + Math.round(score + random() * 3))}`,
      })),
    );
    const calls = ids.map((id, i) => ({ id, score: scores[i]! }));
    const gold = sampleForLabeling(calls, (c) => c.score >= 4, { n: 90, seed: 35, stratify: true }).map((d) => d.item);
    // Written as a store of before the label files: the server writes them out to labels/ when it starts.
    insertGoldItems(
      store,
      gold.map((c, i) => ({
        id: `jc-${c.id}`,
        graderId: PROBED_GRADER,
        judgeCallId: c.id,
        question: `How do I reset my password (case ${ids.indexOf(c.id)})?`,
        response: 'Open Settings, choose Security, then Reset password.',
        judgeScore: c.score,
        createdAt: now - 20 * DAY + i,
      })),
      false,
    );
    const label = ({ id, verdict, at }: { id: string; verdict: 'pass' | 'fail'; at: number }) =>
      store.repos.labels.apply([{ subjectType: 'gold_item', subjectId: id }], { verdict }, `seed-${id}`, at);
    let next = 0;
    let flipped = 0;
    for (const [w, { daysBack, items }] of WINDOWS.entries()) {
      for (let k = 0; k < items; k += 1, next += 1) {
        const call = gold[next]!;
        const judgePass = call.score >= 4;
        const flip = w === WINDOWS.length - 1 && judgePass && flipped < FLIPPED_IN_LATEST;
        if (flip) flipped += 1;
        const verdict = judgePass && !flip ? 'pass' : 'fail';
        label({ id: `jc-${call.id}`, verdict, at: now - daysBack * DAY + k * 60_000 });
      }
    }
  } finally {
    store.close();
  }
}

/** The seeded workspace, served, with relevance_grader validated on its 64 labels. */
export async function serveJudgeProbes(): Promise<Served> {
  const dir = copyExample();
  seedStore(dir, Date.now());
  const served = await serveExample({ workspaceDir: dir, init: false });
  await rpc(served, 'judges.validate', { grader: PROBED_GRADER });
  return served;
}

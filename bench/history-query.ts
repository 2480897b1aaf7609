// The question-history store query (issue 34): a target's history over 200 runs × 2,000 questions, ≤ 100 ms.
// Prints one JSON line: the first query (which folds each run's counts once), the median and max of 15 more, and
// the median of the whole history.target answer (query and statistics).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_HISTORY_SETTINGS } from '../src-shared/model';
import { readHistory } from '../src-main/engine/history/read-history';
import { targetHistory } from '../src-main/engine/history/target-history';
import { Store, inProcessStore } from '../src-main/store/store';
import { writeHistory } from '../test/fixtures/history-store';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, questions: { type: 'string', default: '2000' } },
});
const runs = Number(values.runs);
const questions = Array.from({ length: Number(values.questions) }, (_, i) => ({
  id: `q${String(i).padStart(5, '0')}`,
  tags: [`tag${i % 12}`],
  passChance: () => (i % 10 === 0 ? 0.6 : 0.95),
}));
const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-history-'));
try {
  const file = join(dir, 'store.sqlite');
  const writer = Store.open(file);
  const writeStart = performance.now();
  writeHistory(writer, { targetId: 'bench_target', runs, questions, seed: 34 });
  const writeMs = performance.now() - writeStart;
  writer.close();
  const store = Store.open(file);
  const query = () => {
    const start = performance.now();
    const history = store.repos.history.runs('bench_target', runs);
    const matrix = store.repos.history.matrix(history.map((run) => run.id));
    return { ms: performance.now() - start, cells: matrix.scored.filter((n) => n >= 0).length };
  };
  // The first query folds every run's counts once (run_history_cells); every later one reads the folded rows.
  const first = query();
  const times: number[] = [];
  for (let i = 0; i < 15; i += 1) times.push(query().ms);
  const cells = first.cells;
  // The whole answer of history.target: the same query, the versions, and every statistic.
  const db = inProcessStore(store);
  const settings = { ...DEFAULT_HISTORY_SETTINGS, window: runs };
  const analysis: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    targetHistory(await readHistory(db, 'bench_target', settings, new Set()));
    analysis.push(performance.now() - start);
  }
  store.close();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    JSON.stringify({
      runs,
      questions: questions.length,
      cells,
      writeS: round(writeMs / 1000),
      firstQueryMs: round(first.ms),
      queryMedianMs: round(median(times)),
      queryMaxMs: round(Math.max(...times)),
      analysisMedianMs: round(median(analysis)),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The team store's numbers (docs/team-store.md): a whole run of 2,000 questions at zero latency on PostgreSQL against
// the same run on SQLite (≤ 1.5×), and the screens' queries over one million results in PostgreSQL over loopback
// (results.page ≤ 20 ms, history.target ≤ 100 ms, runs.list ≤ 10 ms, dashboard.summary ≤ 50 ms).
// The server: AIEVAL_STORE_URL and AIEVAL_STORE_PASSWORD, else a throwaway cluster (the PostgreSQL server installed).
// Run: npm run bench:team-store [-- --questions 2000 --repeats 5 --runs 500 --per-run 2000 --only whole-run|queries]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_HISTORY_SETTINGS } from '../src-shared/model';
import { readHistory } from '../src-main/engine/history/read-history';
import { targetHistory } from '../src-main/engine/history/target-history';
import { PostgresStore } from '../src-main/store/postgres/postgres-store';
import { parseStoreUrl } from '../src-main/store/postgres/store-url';
import { newResult, newRun, verdict } from '../test/unit/store/repos/run-fixtures';
import { benchScript, fakeServer } from './bench-processes';
import { teamStoreServer, type TeamStoreServer } from './team-store-server';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '500' },
    'per-run': { type: 'string', default: '2000' },
    repeats: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});

type RunCost = { wallMs: number; cpuMs: number; serverCpuMs: number | null };

/** One engine-run.ts process: its wall time, its CPU time and the team store's over the run (ms). */
async function wholeRun(fakeUrl: string, store: TeamStoreServer | undefined): Promise<RunCost> {
  const args = ['--url', fakeUrl, '--questions', values.questions!, '--concurrency', '32'];
  const onStore = store
    ? ['--store-url', store.url, ...(store.postmasterPid ? ['--postmaster-pid', String(store.postmasterPid)] : [])]
    : [];
  const child = benchScript('engine-run.ts', [...args, ...onStore]);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const outcome = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as RunCost & { status: string };
  if (code !== 0 || outcome.status !== 'complete') throw new Error(`engine-run failed: ${out}`);
  return { wallMs: outcome.wallMs, cpuMs: outcome.cpuMs, serverCpuMs: outcome.serverCpuMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

async function timed(times: number, call: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await call();
  const all: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await call();
    all.push(performance.now() - start);
  }
  return { median: round(median(all)), max: round(Math.max(...all)) };
}

/** Column lists of `table`, so that copies name every column but the ones they replace. */
async function columns(store: PostgresStore, table: string): Promise<string[]> {
  const rows = await store.pool.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [store.schema, table],
  );
  return rows.rows.map((row) => row.column_name);
}

/** `runs` complete runs of `perRun` questions: one written through the store, the others copied from it in SQL. */
async function fill(store: PostgresStore, runs: number, perRun: number): Promise<void> {
  const db = store.api;
  await db.runs.insert(newRun('run0000', { total: perRun, createdAt: 1_000 }));
  for (let from = 0; from < perRun; from += 500) {
    const batch = Array.from({ length: Math.min(500, perRun - from) }, (_, i) => {
      const q = from + i;
      return newResult('run0000', `q${String(q).padStart(5, '0')}`, { passed: q % 10 !== 0, score: q % 5 });
    });
    await db.results.insertMany(batch);
  }
  await db.runs.finish('run0000', {
    status: 'complete',
    verdict: verdict(),
    error: null,
    identity: newRun('x').identity,
    now: 2_000,
  });
  const copy = async (table: string, replace: Record<string, string>, from: string) => {
    const names = (await columns(store, table)).filter((name) => name !== 'id' || 'id' in replace);
    const list = names.map((name) => replace[name] ?? `t.${name}`).join(', ');
    await store.pool.query(`INSERT INTO ${table} (${names.join(', ')}) SELECT ${list} ${from}`);
  };
  const runId = `'run' || lpad(g::text, 4, '0')`;
  const series = `generate_series(1, ${runs - 1}) AS g`;
  await copy(
    'runs',
    {
      id: runId,
      created_at: 't.created_at + g * 1000',
      started_at: 't.started_at + g * 1000',
      finished_at: 't.finished_at + g * 1000',
    },
    `FROM runs t, ${series} WHERE t.id = 'run0000'`,
  );
  await copy('question_results', { run_id: runId }, `FROM question_results t, ${series} WHERE t.run_id = 'run0000'`);
  await copy(
    'grader_results',
    { result_id: 'n.id' },
    `FROM grader_results t JOIN question_results o ON o.id = t.result_id AND o.run_id = 'run0000'
     JOIN question_results n ON n.run_id <> 'run0000' AND n.question_id = o.question_id AND n.repeat_index = o.repeat_index`,
  );
  await store.pool.query('ANALYZE');
}

/** The median and the largest of `times` calls, each on a store opened for it (nothing read before), open not counted. */
async function timedFresh(
  times: number,
  open: () => Promise<PostgresStore>,
  call: (store: PostgresStore) => Promise<unknown>,
): Promise<{ median: number; max: number }> {
  const all: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const store = await open();
    try {
      const start = performance.now();
      await call(store);
      all.push(performance.now() - start);
    } finally {
      await store.close();
    }
  }
  return { median: round(median(all)), max: round(Math.max(...all)) };
}

async function queries(
  store: PostgresStore,
  open: () => Promise<PostgresStore>,
  runs: number,
): Promise<Record<string, unknown>> {
  const db = store.api;
  const latest = `run${String(runs - 1).padStart(4, '0')}`;
  const now = Date.now();
  const settings = { ...DEFAULT_HISTORY_SETTINGS, window: 200 };
  return {
    'results.page': await timed(15, () =>
      db.resultPages.page({ runId: latest, offset: 0, limit: 50, sort: 'question' }),
    ),
    'results.page (worst score first)': await timed(15, () =>
      db.resultPages.page({ runId: latest, offset: 0, limit: 50, sort: 'score_asc' }),
    ),
    'history.target (store query, 200 runs)': await timed(15, async () => {
      const history = await db.history.runs('t1', 200);
      return db.history.matrix(history.map((run) => run.id));
    }),
    // A process keeps the complete runs' cells it read: the first answer reads them all, a repeat only new runs.
    'history.target (whole answer, 200 runs, first read)': await timedFresh(5, open, async (fresh) =>
      targetHistory(await readHistory(fresh.api, 't1', settings, new Set())),
    ),
    'history.target (whole answer, 200 runs, read again)': await timed(5, async () =>
      targetHistory(await readHistory(db, 't1', settings, new Set())),
    ),
    'runs.list': await timed(15, () => db.runs.list({ limit: 50, offset: 0 })),
    'dashboard.summary': await timed(15, () =>
      Promise.all([
        db.runs.weekStats(now - 7 * 86_400_000, now + 1, undefined),
        db.runs.weekStats(now - 14 * 86_400_000, now - 7 * 86_400_000, undefined),
        db.runs.latestComplete(),
        db.runLocks.all(),
      ]),
    ),
  };
}

/** The whole run on each store in turn, `repeats` times (a pair close in time shares the machine's load). */
async function wholeRuns(pg: TeamStoreServer): Promise<Record<string, unknown>> {
  const fake = await fakeServer(0);
  const sqlite: RunCost[] = [];
  const postgres: RunCost[] = [];
  try {
    process.env.AIEVAL_STORE_PASSWORD = pg.password;
    for (let i = 0; i < Number(values.repeats); i += 1) {
      sqlite.push(await wholeRun(fake.url, undefined));
      postgres.push(await wholeRun(fake.url, pg));
    }
  } finally {
    await fake.stop();
  }
  const wall = (runs: RunCost[]) => runs.map((run) => run.wallMs);
  // CPU: the run's process, and on PostgreSQL the server's too (SQLite works in the run's process).
  const cpu = (runs: RunCost[]) => runs.map((run) => run.cpuMs + (run.serverCpuMs ?? 0));
  const serverCpu = postgres.every((run) => run.serverCpuMs !== null);
  return {
    questions: Number(values.questions),
    sqliteMs: wall(sqlite),
    postgresMs: wall(postgres),
    ratioOfMedians: round2(median(wall(postgres)) / median(wall(sqlite))),
    medianPairRatio: round2(median(wall(postgres).map((ms, i) => ms / sqlite[i]!.wallMs))),
    sqliteCpuMs: cpu(sqlite),
    postgresCpuMs: cpu(postgres),
    ...(serverCpu ? { postgresServerCpuMs: postgres.map((run) => run.serverCpuMs) } : {}),
    cpuRatioOfMedians: round2(median(cpu(postgres)) / median(cpu(sqlite))),
  };
}

/** One million results in a schema of their own, the screens' queries over them, and the schema dropped again. */
async function millionResults(pg: TeamStoreServer): Promise<Record<string, unknown>> {
  const runs = Number(values.runs);
  const perRun = Number(values['per-run']);
  const open = () =>
    PostgresStore.open({ url: parseStoreUrl(pg.url), password: pg.password, schema: 'aieval_bench_million' });
  const store = await open();
  try {
    const start = performance.now();
    await fill(store, runs, perRun);
    const fillS = round((performance.now() - start) / 1000);
    return { results: runs * perRun, fillS, queriesMs: await queries(store, open, runs) };
  } finally {
    await store.pool.query('DROP SCHEMA aieval_bench_million CASCADE');
    await store.close();
  }
}

const pg = await teamStoreServer();
try {
  const result = {
    ...(values.only === 'queries' ? {} : { wholeRun: await wholeRuns(pg) }),
    ...(values.only === 'whole-run' ? {} : await millionResults(pg)),
    loadAverage: loadavg().map((load) => round(load)),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  pg.stop();
}

// Four concurrent shards writing to one team store (docs/team-store.md): four `ai-eval run --shard I/4` processes of
// the built CLI, each with its own copy of a workspace whose dataset holds 10,000 questions per shard (40,000 in all),
// against the loopback fake provider at zero latency, all writing to one PostgreSQL schema. Then the database is
// checked: every question has exactly one result, in its own shard's run (none lost, none duplicated, none misplaced).
// Prints each shard's wall time and the total; exits 1 when a result is lost, duplicated or misplaced, or a shard failed.
// The server: AIEVAL_STORE_URL and AIEVAL_STORE_PASSWORD, else a throwaway cluster (the PostgreSQL server installed).
// Run: npm run bench:team-store-shards [-- --per-shard 10000 --concurrency 32]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { shardOf } from '../src-main/engine/run/shard';
import { PostgresStore, workspaceSchema } from '../src-main/store/postgres/postgres-store';
import { parseStoreUrl } from '../src-main/store/postgres/store-url';
import { writeBenchWorkspace } from './bench-workspace';
import { fakeServer } from './bench-processes';
import { teamStoreServer } from './team-store-server';

const { values } = parseArgs({
  options: {
    'per-shard': { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
  },
});
const SHARDS = 4;
const perShard = Number(values['per-shard']);
const CLI = join(import.meta.dirname, '..', 'bin', 'ai-eval.js');

/** Question ids q0, q1, … taken until each shard holds `perShard` of them (a shard is chosen by a hash of the id). */
function balancedIds(): string[] {
  const counts = new Array<number>(SHARDS).fill(0);
  const ids: string[] = [];
  for (let i = 0; ids.length < SHARDS * perShard; i += 1) {
    const id = `q${i}`;
    const slot = shardOf(id, SHARDS) - 1;
    if (counts[slot]! < perShard) {
      counts[slot]! += 1;
      ids.push(id);
    }
  }
  return ids;
}

type ShardExit = { shard: number; code: number | null; wallMs: number; stderr: string };

/** `ai-eval run --shard shard/4` of the built CLI in its own process, as one CI machine runs it. */
function runShard(root: string, shard: number, storeUrl: string, password: string): Promise<ShardExit> {
  const args = [
    'run',
    '--workspace',
    join(root, `shard${shard}`),
    '--store',
    storeUrl,
    '--shard',
    `${shard}/${SHARDS}`,
  ];
  const start = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      AIEVAL_CONFIG_DIR: join(root, `config${shard}`),
      AIEVAL_STORE_PASSWORD: password,
      CI: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ shard, code, wallMs: performance.now() - start, stderr }));
  });
}

type Count = { lost: number; duplicated: number; misplaced: number; stored: number };

/** Every stored result of the shards' runs against the dataset: which questions have none, several, or the wrong run's. */
async function countResults(store: PostgresStore, ids: readonly string[]): Promise<Count & { runs: string[] }> {
  const runs = await store.pool.query<{ id: string; shard: string; status: string; total: number }>(
    'SELECT id, shard, status, total FROM runs ORDER BY shard',
  );
  const rows = await store.pool.query<{ question_id: string; shard: string }>(
    'SELECT r.question_id, u.shard FROM question_results r JOIN runs u ON u.id = r.run_id',
  );
  const seen = new Map<string, string[]>();
  for (const row of rows.rows) seen.set(row.question_id, [...(seen.get(row.question_id) ?? []), row.shard]);
  let lost = 0;
  let duplicated = 0;
  let misplaced = 0;
  for (const id of ids) {
    const shards = seen.get(id) ?? [];
    if (shards.length === 0) lost += 1;
    if (shards.length > 1) duplicated += 1;
    if (shards.some((shard) => shard !== `${shardOf(id, SHARDS)}/${SHARDS}`)) misplaced += 1;
  }
  // A result of a question the dataset does not have would be misplaced too.
  const known = new Set(ids);
  misplaced += [...seen.keys()].filter((id) => !known.has(id)).length;
  return {
    runs: runs.rows.map((run) => `${run.shard} ${run.status}, ${run.total} questions`),
    stored: rows.rows.length,
    lost,
    duplicated,
    misplaced,
  };
}

const pg = await teamStoreServer();
const root = mkdtempSync(join(tmpdir(), 'aieval-bench-shards-'));
const project = `bench_shards_${process.pid}`;
const fake = await fakeServer(0);
let failed = false;
try {
  const ids = balancedIds();
  for (let shard = 1; shard <= SHARDS; shard += 1)
    writeBenchWorkspace(join(root, `shard${shard}`), fake.url, ids, Number(values.concurrency), project);
  const start = performance.now();
  const exits = await Promise.all(Array.from({ length: SHARDS }, (_, i) => runShard(root, i + 1, pg.url, pg.password)));
  const totalMs = performance.now() - start;
  for (const exit of exits.filter((one) => one.code !== 0)) {
    failed = true;
    process.stderr.write(`shard ${exit.shard}/${SHARDS} exited ${exit.code}:\n${exit.stderr}\n`);
  }
  const store = await PostgresStore.open({
    url: parseStoreUrl(pg.url),
    password: pg.password,
    schema: workspaceSchema(project),
  });
  try {
    const count = await countResults(store, ids);
    failed ||= count.lost + count.duplicated + count.misplaced > 0 || count.stored !== ids.length;
    const result = {
      questions: ids.length,
      perShard,
      shardWallS: exits.map((exit) => Math.round(exit.wallMs / 100) / 10),
      totalWallS: Math.round(totalMs / 100) / 10,
      questionsPerS: Math.round((ids.length / totalMs) * 1000),
      ...count,
      loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
      ok: !failed,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await store.pool.query(`DROP SCHEMA "${store.schema}" CASCADE`);
    await store.close();
  }
} finally {
  await fake.stop();
  rmSync(root, { recursive: true, force: true });
  pg.stop();
}
process.exitCode = failed ? 1 : 0;

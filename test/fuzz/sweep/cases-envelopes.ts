// Forged or broken envelopes and shard bundles: an imported or merged run must be recomputed from its samples and
// refused whole, the store unchanged, when the files disagree with them or come from another workspace.
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bad, brokenRun, held, refused, storedRuns, type Kit, type Outcome, type SweepCase } from './sweep-kit';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Json;
const writeJson = (path: string, value: unknown) => writeFileSync(path, JSON.stringify(value, null, 2));
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}

const fixtures = new WeakMap<Kit, Promise<{ envelope: string; bundle: string }>>();

/** Made once per sweep with the checkout under test: an exported run, and a two-shard bundle of two targets. */
function made(kit: Kit): Promise<{ envelope: string; bundle: string }> {
  let found = fixtures.get(kit);
  if (!found) {
    found = (async () => {
      const ws = kit.workspace();
      const run = await kit.cli(['run', '-w', ws, '--target', 'helpdesk_chat_offline']);
      if (run.code !== 0) throw new Error(`the fixture run failed: ${run.stderr}`);
      const envelope = kit.dir('envelope');
      const exported = await kit.cli(['export-envelope', '-w', ws, '--output-dir', envelope]);
      if (exported.code !== 0) throw new Error(`the fixture export failed: ${exported.stderr}`);
      const bundle = kit.dir('bundle');
      for (const shard of ['1/2', '2/2']) {
        const targets = ['--target', 'helpdesk_chat_offline', '--target', 'helpdesk_agent_offline'];
        const ran = await kit.cli(['run', '-w', kit.workspace(), ...targets, '--shard', shard, '--out', bundle]);
        if (ran.code !== 0) throw new Error(`the fixture shard ${shard} failed: ${ran.stderr}`);
      }
      return { envelope, bundle };
    })();
    fixtures.set(kit, found);
  }
  return found;
}

/** A copy of the exported run: its aggregate and samples paths. */
async function envelopeCopy(kit: Kit): Promise<{ aggregate: string; samples: string }> {
  const dir = kit.dir('env');
  cpSync((await made(kit)).envelope, dir, { recursive: true });
  const samples = filesUnder(dir, '_samples.jsonl')[0]!;
  return { aggregate: samples.replace('_samples.jsonl', '.json'), samples };
}

/** Imports the aggregate into a fresh workspace: held only when refused with nothing stored. */
async function importRefused(kit: Kit, aggregate: string, what: string): Promise<Outcome> {
  const ws = kit.workspace();
  const run = await kit.cli(['import-envelope', '-w', ws, aggregate]);
  const outcome = refused(run, what);
  if (outcome.verdict !== 'held') return outcome;
  const runs = storedRuns(ws);
  return runs.length === 0 ? outcome : bad('accepted', `${what}: refused, but ${runs.length} run(s) stored`);
}

const result = (aggregate: Json, metric: string) =>
  (aggregate.evaluation_results as Json[]).find((r) => r.metric_config.metric_id === `aieval.${metric}`)!;

function envelopeCase(name: string, forge: (files: { aggregate: string; samples: string }) => void): SweepCase {
  return {
    area: 'envelopes',
    name,
    async run(kit) {
      const files = await envelopeCopy(kit);
      forge(files);
      return importRefused(kit, files.aggregate, name);
    },
  };
}

const editAggregate = (path: string, edit: (aggregate: Json) => void) => {
  const aggregate = readJson(path);
  edit(aggregate);
  writeJson(path, aggregate);
};

/** Edits samples rows, then states the new checksum in the aggregate, as a careful forger would. */
function editSamples(files: { aggregate: string; samples: string }, edit: (row: Json) => void): void {
  const rows = readFileSync(files.samples, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
  rows.forEach(edit);
  const text = `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
  writeFileSync(files.samples, text);
  editAggregate(files.aggregate, (a) => (a.detailed_evaluation_results.checksum = sha256(text)));
}

const ENVELOPE_CASES: SweepCase[] = [
  envelopeCase('import: our envelope without its samples file', ({ samples }) => rmSync(samples)),
  envelopeCase('import: consistent edits to pass rate and counts, samples file removed', ({ aggregate, samples }) => {
    rmSync(samples);
    editAggregate(aggregate, (a) => {
      const coverage = result(a, 'coverage');
      const scored = Number(coverage.score_details.details.scored);
      coverage.score_details.details.passed = String(scored);
      result(a, 'pass_rate').score_details.score = 1;
    });
  }),
  envelopeCase('import: a forged failing gate verdict over passing samples', ({ aggregate }) =>
    editAggregate(aggregate, (a) => {
      const gate = result(a, 'gate');
      gate.score_details.score = 0;
      gate.score_details.details.verdict = 'fail';
      gate.score_details.details.reason = 'avg_score 1.00 < 3.50';
    }),
  ),
  envelopeCase('import: a forged gate reason', ({ aggregate }) =>
    editAggregate(aggregate, (a) => (result(a, 'gate').score_details.details.reason = 'avg_score 4.99 ≥ 3.50')),
  ),
  envelopeCase("import: the samples file's checksum deleted", ({ aggregate }) =>
    editAggregate(aggregate, (a) => {
      delete a.detailed_evaluation_results.checksum;
      delete a.detailed_evaluation_results.hash_algorithm;
    }),
  ),
  envelopeCase('import: a source total of 999,999,999,999', ({ aggregate }) =>
    editAggregate(aggregate, (a) => (a.source_metadata.additional_details.total = '999999999999')),
  ),
  envelopeCase('import: a forged pass-rate interval', ({ aggregate }) =>
    editAggregate(aggregate, (a) => {
      result(a, 'pass_rate').score_details.uncertainty.confidence_interval.lower = 0.99;
    }),
  ),
  envelopeCase('import: a question status edited in the samples, checksum restated', (files) =>
    editSamples(files, (row) => {
      if (row.evaluation_name.endsWith('.coverage') && row.sample_id === 'hours_as_json')
        row.metadata.status = 'unscored';
    }),
  ),
  envelopeCase('import: a sample score edited, checksum restated', (files) =>
    editSamples(files, (row) => {
      if (row.evaluation_name.endsWith('.composite') && row.evaluation.score < 3) row.evaluation.score = 5;
    }),
  ),
];

/** A copy of the two-shard bundle: its folder, manifests and aggregates. */
async function bundleCopy(kit: Kit): Promise<string> {
  const dir = kit.dir('bundle');
  cpSync((await made(kit)).bundle, dir, { recursive: true });
  return dir;
}

/** Merges `bundle` into `ws` (a fresh copy of the example by default): held only when refused with nothing stored. */
async function mergeRefused(kit: Kit, bundle: string, what: string, ws = kit.workspace()): Promise<Outcome> {
  const run = await kit.cli(['merge', '-w', ws, bundle]);
  const outcome = refused(run, what);
  if (outcome.verdict !== 'held') {
    if (outcome.verdict === 'accepted' && run.code === 0 && /PASS/.test(run.stdout))
      return bad('accepted', `${what}: merged and PASS: ${run.stdout.trim().split('\n')[1] ?? ''}`);
    return outcome;
  }
  const runs = storedRuns(ws);
  return runs.length === 0 ? outcome : bad('lost', `${what}: refused, but ${runs.length} merged run(s) left stored`);
}

const manifestOf = (bundle: string, index: number) => join(bundle, `ai-eval-shard-${index}-of-2.json`);

function mergeCase(name: string, forge: (bundle: string) => void, workspace?: (kit: Kit) => string): SweepCase {
  return {
    area: 'envelopes',
    name,
    async run(kit) {
      const bundle = await bundleCopy(kit);
      forge(bundle);
      return mergeRefused(kit, bundle, name, workspace?.(kit));
    },
  };
}

/** The slice of `target` in shard `index`'s manifest. */
const entryOf = (manifest: Json, target: string) => (manifest.runs as Json[]).find((r) => r.target === target)!;

const MERGE_CASES: SweepCase[] = [
  mergeCase("merge: a bundle's samples file missing", (bundle) => {
    const entry = entryOf(readJson(manifestOf(bundle, 1)), 'helpdesk_chat_offline');
    rmSync(join(bundle, (entry.aggregate as string).replace('.json', '_samples.jsonl')));
  }),
  mergeCase('merge: an edited manifest total', (bundle) => {
    const manifest = readJson(manifestOf(bundle, 2));
    entryOf(manifest, 'helpdesk_chat_offline').total += 7;
    writeJson(manifestOf(bundle, 2), manifest);
  }),
  mergeCase('merge: the second target refused leaves nothing stored', (bundle) => {
    // Every target but the manifest's first is broken: a merge must not keep the first one's run.
    const manifest = readJson(manifestOf(bundle, 2));
    const last = (manifest.runs as Json[]).at(-1)!;
    last.aggregate_sha256 = '0'.repeat(64);
    writeJson(manifestOf(bundle, 2), manifest);
  }),
  mergeCase(
    "merge: bundles of another workspace (the target's prompt differs here)",
    () => undefined,
    (kit) =>
      kit.workspace({
        'aieval.yaml': (text) =>
          text.replaceAll(
            'You are the help desk of the Riverside Library. Answer in plain text, briefly and politely.\n      Opening',
            'You are the help desk of the Hillside Library. Answer in plain text, briefly and politely.\n      Opening',
          ),
      }),
  ),
  mergeCase(
    'merge: bundles of another workspace (no such target here)',
    () => undefined,
    (kit) =>
      kit.workspace({
        'aieval.yaml': (text) =>
          text
            .replaceAll('helpdesk_chat_offline', 'helpdesk_text_offline')
            .replaceAll('helpdesk_agent_offline', 'x_agent'),
      }),
  ),
  {
    area: 'envelopes',
    name: 'merge: a forged gate in a slice is recomputed, never stored',
    async run(kit) {
      const bundle = await bundleCopy(kit);
      const manifest = readJson(manifestOf(bundle, 1));
      const entry = entryOf(manifest, 'helpdesk_chat_offline');
      const path = join(bundle, entry.aggregate as string);
      editAggregate(path, (a) => (result(a, 'gate').score_details.details.reason = 'forged by the sweep'));
      entry.aggregate_sha256 = sha256(readFileSync(path));
      writeJson(manifestOf(bundle, 1), manifest);
      const ws = kit.workspace();
      const run = await kit.cli(['merge', '-w', ws, bundle]);
      const broken = brokenRun(run, 'merge');
      if (broken) return broken;
      const forged = storedRuns(ws).filter((r) => JSON.stringify(r.verdict).includes('forged by the sweep'));
      return forged.length === 0 ? held(`exit ${run.code}`) : bad('accepted', 'the forged gate reason was stored');
    },
  },
];

export const CASES: readonly SweepCase[] = [...ENVELOPE_CASES, ...MERGE_CASES];

// `npm run bench:stats`: the full seeded simulation grid of every interval and test the product reports, printed as a
// Markdown table (coverage of 95% intervals, bias, size of tests, BH's false-discovery rate). `--out FILE` writes it,
// `--only FAMILY` runs one family, `--fast` the npm test part, `--replicates N` overrides the replicates of every cell.
import { writeFileSync } from 'node:fs';
import { FAST, FULL, jobs } from '../test/simulation/grid';
import { markdownTable, verdictOf, type Row } from '../test/simulation/table';

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const chosen = args.includes('--fast') ? FAST : FULL;
const replicates = args.includes('--replicates') ? Number(args[args.indexOf('--replicates') + 1]) : undefined;
const part = replicates ? { ...chosen, replicates: () => replicates } : chosen;
const rows: Row[] = [];
const started = Date.now();
const all = jobs(part).filter((job) => !only || job.family === only);
all.forEach((job, i) => {
  const t = Date.now();
  rows.push(...job.run());
  process.stderr.write(
    `[${i + 1}/${all.length}] ${job.family} ${job.label} (${((Date.now() - t) / 1000).toFixed(1)} s)\n`,
  );
});
const table = markdownTable(rows);
const missed = rows.filter((row) => verdictOf(row) === 'missed').length;
const summary = `${rows.length} figures, ${missed} missed, ${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(`${table}\n\n${summary}`);
if (out) writeFileSync(out, `${table}\n\n${summary}\n`);

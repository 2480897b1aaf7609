// `npm run fuzz [-- --seconds N] [--seed S] [--target NAME]`: fuzzes every reader (or one), prints the figures, and
// saves each crashing or hanging input under .tmp/fuzz-findings/ to be added to the corpus once fixed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fuzzTarget } from './fuzz-loop';
import { FUZZ_TARGETS } from './fuzz-targets';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    target: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const seed = Number(values.seed);
const targets = FUZZ_TARGETS.filter((target) => !values.target || target.name === values.target);
if (targets.length === 0)
  throw new Error(`no fuzz target "${values.target}"; known: ${FUZZ_TARGETS.map((t) => t.name).join(', ')}`);

let failed = false;
for (const target of targets) {
  const report = await fuzzTarget(target, { seed, seconds });
  console.log(
    `${report.target}: ${report.iterations} inputs in ${seconds} s (seed ${seed}), ${report.crashes} crashes, ${report.hangs} hangs, ${report.warnings} warnings, slowest ${report.slowestMs} ms`,
  );
  if (report.findings.length === 0) continue;
  failed = true;
  const dir = join(process.cwd(), '.tmp', 'fuzz-findings', report.target);
  mkdirSync(dir, { recursive: true });
  report.findings.slice(0, 20).forEach((finding, index) => {
    writeFileSync(join(dir, `${finding.kind}-${index}-${finding.seed}`), finding.input);
    console.log(`  ${finding.kind} from ${finding.seed}: ${finding.message.split('\n').slice(0, 3).join(' | ')}`);
  });
}
process.exitCode = failed ? 1 : 0;

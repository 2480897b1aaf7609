// `npm run sweep [-- --root DIR] [--area NAME] [--case TEXT] [--json FILE]`: the hostile sweep against a built
// checkout (this tree by default; another checkout gives the "before" column), one line per case and the counted
// table: tried, crashes, hangs, wrongly accepted, lost, per area.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SWEEP_CASES } from './sweep-cases';
import { runSweep, tableOf } from './sweep-run';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(import.meta.dirname, '..', '..', '..') },
    area: { type: 'string' },
    case: { type: 'string' },
    json: { type: 'string' },
  },
});
const chosen = SWEEP_CASES.filter(
  (c) => (!values.area || c.area === values.area) && (!values.case || c.name.includes(values.case)),
);
const results = await runSweep(values.root, chosen, (line) => console.log(line));
console.log(`\n${tableOf(results)}`);
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
process.exitCode = results.every((r) => r.verdict === 'held') ? 0 : 1;

// Runs sweep cases one after the other against one checkout and counts their outcomes per area.
import { Kit, type Area, type Outcome, type SweepCase } from './sweep-kit';

export type CaseResult = Readonly<{ area: Area; name: string; ms: number } & Outcome>;

const AREAS: readonly Area[] = ['envelopes', 'secrets', 'validate', 'user files', 'cli', 'traces'];

/** A case that throws is the sweep's own failure, not the product's: it is reported as such and stops nothing. */
async function runCase(kit: Kit, sweepCase: SweepCase): Promise<CaseResult> {
  const started = performance.now();
  try {
    const outcome = await sweepCase.run(kit);
    return { area: sweepCase.area, name: sweepCase.name, ms: performance.now() - started, ...outcome };
  } catch (error) {
    const detail = `the case itself failed: ${(error as Error).message}`;
    return { area: sweepCase.area, name: sweepCase.name, ms: performance.now() - started, verdict: 'crash', detail };
  }
}

export async function runSweep(
  root: string,
  cases: readonly SweepCase[],
  log: (line: string) => void = () => undefined,
): Promise<CaseResult[]> {
  const kit = new Kit(root);
  const results: CaseResult[] = [];
  for (const sweepCase of cases) {
    const result = await runCase(kit, sweepCase);
    log(
      `${result.verdict.padEnd(8)} ${result.area} / ${result.name} (${(result.ms / 1000).toFixed(1)} s) ${result.detail}`,
    );
    results.push(result);
  }
  return results;
}

/** The counted table, one row per area and a total, as a markdown table. */
export function tableOf(results: readonly CaseResult[]): string {
  const rows = [...AREAS, 'total' as const].map((area) => {
    const mine = results.filter((r) => area === 'total' || r.area === area);
    const count = (verdict: string) => mine.filter((r) => r.verdict === verdict).length;
    return [area, mine.length, count('crash'), count('hang'), count('accepted'), count('lost'), count('held')];
  });
  const header = ['area', 'tried', 'crashes', 'hangs', 'wrongly accepted', 'lost', 'held'];
  return [header, header.map(() => '---'), ...rows.filter((row) => row[1] !== 0)]
    .map((row) => `| ${row.join(' | ')} |`)
    .join('\n');
}

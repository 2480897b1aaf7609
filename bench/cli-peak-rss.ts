// Runs `ai-eval` from the sources in this process (through tsx), then writes its wall time, peak RSS
// and exit code as JSON to the file named first.
// Run: node --import tsx bench/cli-peak-rss.ts REPORT.json run --workspace DIR
import { writeFileSync } from 'node:fs';

const [report, ...args] = process.argv.slice(2);
if (!report) throw new Error('usage: cli-peak-rss.ts REPORT.json <ai-eval arguments>');
process.argv = [process.argv[0] ?? 'node', 'ai-eval', ...args];
const start = performance.now();
const { runCli } = await import('../src-main/cli/main');
await runCli();
const wallMs = Math.round(performance.now() - start);
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
writeFileSync(report, JSON.stringify({ wallMs, peakRssMb, exitCode: process.exitCode ?? 0 }));

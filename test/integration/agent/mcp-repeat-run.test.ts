// `ai-eval run --repeat 100` over one stdio MCP server (the example's catalogue): each question's server is closed with
// its listeners, so the process raises no MaxListenersExceededWarning and its live heap stays flat as questions pass.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCES } from '../../support/cli';
import { copyExample } from '../../support/workspace';

const SAMPLER = join(import.meta.dirname, '..', '..', 'fixtures', 'heap-sampler.mjs');
const MB = 1024 * 1024;

type Sampled = Readonly<{ code: number | null; stderr: string; report: RunReport; heap: number[] }>;
type RunReport = { runs: { questions: { status: string; tool_calls?: unknown[] }[] }[] };

/** `ai-eval run` of the offline agent on renew_loan, repeated, with its live heap sampled after full collections. */
function sampledRun(dir: string, repeat: number): Promise<Sampled> {
  const out = mkdtempSync(join(tmpdir(), 'aieval-mcp-repeat-'));
  const heapFile = join(out, 'heap.json');
  const report = join(out, 'report.json');
  const args = [
    '--expose-gc',
    '--import',
    SAMPLER,
    CLI_FROM_SOURCES,
    'run',
    '--workspace',
    dir,
    '--target',
    'helpdesk_agent_offline',
    '--question',
    'renew_loan',
    '--repeat',
    String(repeat),
    '--concurrency',
    '4',
    '--trust-workspace',
    '--json',
    report,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        AIEVAL_CONFIG_DIR: join(out, 'config'),
        CI: 'true',
        HEAP_SAMPLES_FILE: heapFile,
        HEAP_SAMPLE_MS: '200',
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve({
          code,
          stderr,
          report: JSON.parse(readFileSync(report, 'utf8')) as RunReport,
          heap: JSON.parse(readFileSync(heapFile, 'utf8')) as number[],
        });
      } catch (error) {
        reject(new Error(`ai-eval run exited ${code} without its report (${String(error)}):\n${stderr}`));
      }
    });
  });
}

/** The highest sample in a slice of the run (fractions of its samples): the live heap there at its fullest. */
const peakOver = (heap: readonly number[], from: number, to: number) =>
  Math.max(...heap.slice(Math.floor(heap.length * from), Math.ceil(heap.length * to)));

describe.skipIf(process.platform === 'win32')('ai-eval run --repeat 100 over one stdio MCP server', () => {
  it('raises no listener warning and keeps the live heap flat', { timeout: 300_000 }, async () => {
    // The most --repeat allows; sampled every 200 ms, 20 samples or more even on an idle machine (100 questions took 3.6 s).
    const run = await sampledRun(copyExample(), 100);
    expect(run.stderr).not.toContain('MaxListenersExceededWarning');
    expect(run.stderr).not.toMatch(/\(node:\d+\) \w*Warning/);
    const questions = run.report.runs[0]!.questions;
    expect(questions).toHaveLength(100);
    // Every question reached the server: its tool calls came back (none degraded for want of a server).
    expect(questions.every((question) => (question.tool_calls?.length ?? 0) > 0)).toBe(true);
    // Early in the run (after start-up) against its last fifth: a client kept per question would grow every sample.
    expect(run.heap.length).toBeGreaterThanOrEqual(10);
    const early = peakOver(run.heap, 0.1, 0.3);
    const late = peakOver(run.heap, 0.8, 1);
    console.log(`live heap peak: ${(early / MB).toFixed(1)} MB early, ${(late / MB).toFixed(1)} MB late`);
    expect(late - early).toBeLessThan(8 * MB);
  });
});

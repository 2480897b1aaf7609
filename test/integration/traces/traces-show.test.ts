// `ai-eval traces show ID`: the conversation of one review item as the review queue shows it, and as JSON.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../support/cli';
import { copyExample } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-traces-show-config-'));
const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'otlp-captured', 'traceloop-0.22.jsonl');
const cli = (...args: string[]) => runCliInProcess([...args, '--workspace', dir], configDir);
let dir: string;
let traceId: string;

beforeAll(async () => {
  dir = copyExample();
  // Imports read only inside the workspace (docs/security.md).
  const file = join(dir, 'traceloop-0.22.jsonl');
  copyFileSync(FIXTURE, file);
  expect((await cli('import-traces', file)).code).toBe(0);
  const listed = JSON.parse((await cli('traces', '--json')).stdout) as { trace_id: string; input_text: string }[];
  const ours = listed.find((item) => item.input_text.startsWith('Is Dune on the shelf'));
  traceId = ours!.trace_id;
});

describe('ai-eval traces show', () => {
  it('prints the system prompt, the turns with tool calls and results in order, the answer, flags and tokens', async () => {
    const shown = await cli('traces', 'show', traceId);
    expect(shown.code).toBe(0);
    const text = shown.stdout;
    expect(text).toContain(`trace ${traceId}`);
    expect(text).toContain('gpt-4o-mini (OpenAI) · openllmetry · status ok');
    expect(text).toContain('130 in / 30 out tokens · finish stop');
    expect(text).toContain('system instructions:\n  You are the library help desk.');
    const order = [
      'user:\n  Is Dune on the shelf, and does card 4471 have overdue loans?',
      '  → search_catalog({"title":"Dune"})\n  → loan_status({"card":"4471"})',
      'tool result:\n  {"title":"Dune","available":2}',
      'tool result:\n  {"card":"4471","overdue":0}',
      'final answer:\n  Dune has 2 copies on the shelf; card 4471 has no overdue loans.',
      '  2. loan_status\n     arguments: {"card":"4471"}\n     result: {"card":"4471","overdue":0}',
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('label: none');
  });

  it('gives the same conversation as JSON', async () => {
    const shown = await cli('traces', 'show', traceId, '--json');
    expect(shown.code).toBe(0);
    const json = JSON.parse(shown.stdout) as Record<string, unknown> & { output: { role: string }[] };
    expect(json).toMatchObject({
      trace_id: traceId,
      system_text: 'You are the library help desk.',
      input_tokens: 130,
      output_tokens: 30,
      tool_calls: [
        { id: null, name: 'search_catalog', arguments: { title: 'Dune' }, result: '{"title":"Dune","available":2}' },
        { id: null, name: 'loan_status', arguments: { card: '4471' }, result: '{"card":"4471","overdue":0}' },
      ],
      label: null,
    });
    expect(json.output.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool', 'assistant']);
  });

  it('exits 2 naming an unknown id, and on a missing one', async () => {
    const unknown = await cli('traces', 'show', 'ffffffffffffffffffffffffffffffff');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: .*ffffffffffffffffffffffffffffffff/m);
    expect((await cli('traces', 'show')).code).toBe(2);
  });
});

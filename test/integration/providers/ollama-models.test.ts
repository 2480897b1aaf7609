import { afterEach, describe, expect, it } from 'vitest';
import { OllamaProvider } from '../../../src-main/engine/providers/ollama.provider';
import {
  installedModels,
  modelContextLength,
  pullModel,
  type PullProgress,
} from '../../../src-main/engine/providers/ollama-models';
import { planRun } from '../../../src-main/engine/run/plan';
import { GRADERS } from '../../../src-main/engine/grading/registry';
import { criteriaWithRubric } from '../../../src-main/engine/grading/rubric/criteria-with-rubric';
import { findingLine, localPreflight } from '../../../src-main/engine/run/local-preflight';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { runCliInProcess } from '../../support/cli';
import { localWorkspace } from './ollama-local.fixtures';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const user = (content: string) => [{ role: 'user' as const, content }];
const longText = 'x'.repeat(4 * 3000);

describe("the fake server's Ollama habits", () => {
  it('cuts the front of a prompt over its 2,048-token default window, caps prompt_eval_count, and honours num_ctx', async () => {
    server = await startFakeProviderServer({
      script: (request) => ({ text: request.messages[0]!.content.slice(0, 5) }),
    });
    const provider = new OllamaProvider({ name: 'local', baseUrl: server.url, timeoutMs: 5000 });
    const prompt = `BEGIN ${longText}`;
    const cut = await provider.chat({ model: 'llama3.1:8b', messages: user(prompt) });
    expect(cut.text).toBe('xxxxx'); // the model never saw BEGIN
    expect(cut.metrics).toMatchObject({ promptEvalCount: 2048, numCtx: null, promptTokensSent: 3002 });
    expect(cut.inputCut).toEqual({ seen: 2048, sent: 3002 });
    const whole = await provider.chat({ model: 'llama3.1:8b', messages: user(prompt), numCtx: 4096, keepAlive: '30m' });
    expect(whole.text).toBe('BEGIN');
    expect(whole.inputCut).toBeUndefined();
    expect(whole.metrics).toMatchObject({ promptEvalCount: 3002, numCtx: 4096 });
    expect(server.requests.at(-1)!.body).toMatchObject({ keep_alive: '30m', options: { num_ctx: 4096 } });
  });

  it('charges load_duration on a model switch when one model fits, and serves at most `parallel` requests at once', async () => {
    server = await startFakeProviderServer({
      script: () => ({ text: 'ok', delayMs: 40 }),
      ollama: { loadMs: 120, modelsThatFit: 1, parallel: 2 },
    });
    const provider = new OllamaProvider({ name: 'local', baseUrl: server.url, timeoutMs: 5000 });
    const ask = (model: string) => provider.chat({ model, messages: user('hi'), numCtx: 2048 });
    const first = await ask('llama3.1:8b');
    const again = await ask('llama3.1:8b');
    const other = await ask('qwen3:8b');
    const back = await ask('llama3.1:8b');
    expect([first, again, other, back].map((reply) => reply.metrics!.loadMs! >= 120)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(server.ollama.loads).toBe(3);
    await Promise.all(Array.from({ length: 6 }, () => ask('llama3.1:8b')));
    expect(server.ollama.peakBusy).toBe(2);
  });

  it('answers /api/show with the context length and streams /api/pull, after which /api/tags lists the model', async () => {
    server = await startFakeProviderServer({
      models: ['llama3.1:8b'],
      ollama: { contextLength: { 'llama3.1:8b': 8192 } },
    });
    const ollama = { baseUrl: server.url, timeoutMs: 5000 };
    expect(await modelContextLength(ollama, 'llama3.1:8b')).toBe(8192);
    await expect(modelContextLength(ollama, 'qwen3:8b')).rejects.toThrow(/404.*not found/);
    const progress: PullProgress[] = [];
    await pullModel(ollama, 'qwen3:8b', (line) => progress.push(line));
    expect(progress[0]!.status).toBe('pulling manifest');
    expect(progress.filter((line) => line.total !== null).map((line) => line.completed)).toEqual([
      0, 1_000_000, 2_000_000, 3_000_000,
    ]);
    expect(progress.at(-1)!.status).toBe('success');
    expect(await installedModels(ollama)).toEqual(['llama3.1:8b', 'qwen3:8b']);
  });

  it('a pull Ollama refuses rejects with its error', async () => {
    server = await startFakeProviderServer({ ollama: { pullable: [] } });
    await expect(pullModel({ baseUrl: server.url }, 'no-such-model', () => undefined)).rejects.toThrow(
      /Ollama refused: pull model manifest: file does not exist/,
    );
  });
});

describe('local preflight checks', () => {
  it('names a missing judge model with its ollama pull command, and warns when a prompt cannot fit the model', async () => {
    server = await startFakeProviderServer({ models: ['m1'], ollama: { contextLength: 2048 } });
    const workspace = localWorkspace({ baseUrl: server.url, questions: 2, input: () => 'y'.repeat(20_000) });
    const plan = planRun(workspace, 't1', { questionIds: null, repeat: 1, shard: null }, GRADERS, true);
    const findings = await localPreflight(plan, workspace, criteriaWithRubric);
    expect(findings.map(findingLine)).toEqual([
      `error: model judge-model is not installed on ${server.url} (provider "local"); run: ollama pull judge-model`,
      expect.stringMatching(
        /^warning: the longest prompt for m1 \(target\) needs about \d+ tokens but the model's own maximum is 2048: those calls will be cut/,
      ),
    ]);
  });
});

describe('ai-eval run on Ollama', () => {
  it('stops before running (exit 2, the preflight) when a model is missing, printing the ollama pull command', async () => {
    server = await startFakeProviderServer({ models: ['m1'] });
    const workspace = localWorkspace({ baseUrl: server.url, questions: 2 });
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-cli-config-'));
    const result = await runCliInProcess(['run', '--workspace', workspace.dir], configDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/preflight: .*judge-model.*ollama pull judge-model/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('ai-eval run asks Ollama once', () => {
  it('one /api/tags and one /api/show per model, preflight and run together, as the app does', async () => {
    server = await startFakeProviderServer({ models: ['m1', 'judge-model'] });
    const workspace = localWorkspace({ baseUrl: server.url, questions: 2 });
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-cli-config-'));
    const result = await runCliInProcess(['run', '--workspace', workspace.dir], configDir);
    expect([0, 1], result.stderr).toContain(result.code); // ran to its verdict
    expect(server.ollama.loads).toBeGreaterThan(0);
    expect(server.admin.filter((call) => call === 'GET /api/tags')).toHaveLength(1);
    expect(server.admin.filter((call) => call.startsWith('POST /api/show')).sort()).toEqual([
      'POST /api/show judge-model',
      'POST /api/show m1',
    ]);
  });
});

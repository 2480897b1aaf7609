// Record a conversation against the fake server, replay it offline: hits, misses, repeats, tampering, paths and keys.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openCassetteWriter,
  readCassette,
  requestHash,
  withRecording,
} from '../../../src-main/engine/providers/cassette';
import { ProviderConfigError } from '../../../src-main/engine/providers/connection-errors';
import { createProvider } from '../../../src-main/engine/providers/create-provider';
import { ProviderError, type ChatRequest } from '../../../src-main/engine/providers/provider';
import { fakeProviderSuite } from '../../support/fake-provider-suite';

const suite = fakeProviderSuite();
let workspace: string;
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'aieval-replay-'));
  suite.server.requests.length = 0;
  let n = 0;
  suite.server.script = (request) => ({ text: `answer ${++n} to ${request.messages.at(-1)?.content}` });
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

const env = { workspaceDir: '', env: {}, timeoutMs: 5000 };
const question = (content: string): ChatRequest => ({
  model: 'llama3.1:8b',
  messages: [{ role: 'user', content }],
  generation: { temperature: 0 },
});

async function record(requests: readonly ChatRequest[]): Promise<string> {
  const file = join(workspace, 'recordings', 'run.jsonl');
  const writer = openCassetteWriter(file);
  const live = withRecording(
    createProvider('local', { kind: 'ollama', base_url: suite.server.url }, { ...env, workspaceDir: workspace }),
    writer,
  );
  for (const request of requests) await live.chat(request);
  writer.close();
  return file;
}

const replay = (file = 'recordings/run.jsonl') =>
  createProvider('offline', { kind: 'replay', file }, { ...env, workspaceDir: workspace });

describe('record and replay', () => {
  it('replays a recorded answer without calling any server', async () => {
    await record([question('When are you open on Sundays?')]);
    const lines = readFileSync(join(workspace, 'recordings', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(Object.keys(entry).sort()).toEqual(['hash', 'provider', 'request', 'response', 'usage']);
    expect(entry).toMatchObject({ hash: requestHash(question('When are you open on Sundays?')), provider: 'local' });

    suite.server.requests.length = 0;
    const response = await replay().chat(question('When are you open on Sundays?'));
    expect(response.text).toBe('answer 1 to When are you open on Sundays?');
    expect(response.model).toBe('llama3.1:8b');
    expect(suite.server.requests).toHaveLength(0);
  });

  it('refuses a request it has no recording for, naming the hash, and does not retry it', async () => {
    await record([question('Sundays?')]);
    const other = question('Mondays?');
    const error = await replay()
      .chat(other)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain(`no recording for this request (hash ${requestHash(other)}`);
    expect((error as ProviderError).details.retryable).toBe(false);
  });

  it('does not let generation settings change the hash, but does let the messages', () => {
    expect(requestHash({ ...question('a'), generation: { temperature: 1 } })).toBe(requestHash(question('a')));
    expect(requestHash(question('a'))).not.toBe(requestHash(question('b')));
    expect(requestHash({ ...question('a'), json: true })).not.toBe(requestHash(question('a')));
  });

  it('answers repeated identical requests with their recordings in turn', async () => {
    await record([question('Roll'), question('Roll')]);
    const offline = replay();
    const answers = [
      await offline.chat(question('Roll')),
      await offline.chat(question('Roll')),
      await offline.chat(question('Roll')),
    ];
    expect(answers.map((answer) => answer.text)).toEqual(['answer 1 to Roll', 'answer 2 to Roll', 'answer 1 to Roll']);
  });

  it('records nothing for a failed call', async () => {
    suite.server.script = () => ({ status: 500 });
    const file = join(workspace, 'failed.jsonl');
    const writer = openCassetteWriter(file);
    const live = withRecording(
      createProvider('local', { kind: 'ollama', base_url: suite.server.url }, { ...env, workspaceDir: workspace }),
      writer,
    );
    await expect(live.chat(question('x'))).rejects.toBeInstanceOf(ProviderError);
    writer.close();
    expect(readCassette(file)).toEqual([]);
  });

  it('lists the recorded models', async () => {
    await record([question('a'), { ...question('b'), model: 'qwen3:8b' }]);
    expect(await replay().listModels()).toEqual(['llama3.1:8b', 'qwen3:8b']);
  });

  it('rejects an edited request or a broken line, naming the file and line', async () => {
    const file = await record([question('a'), question('b')]);
    const [first, second] = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, `${first}\n${(second ?? '').replace('"b"', '"c"')}\n`);
    expect(() => replay()).toThrow(/run\.jsonl:2: the hash does not match the recorded request/);
    writeFileSync(file, `${first}\n{"hash": 1}\n`);
    expect(() => replay()).toThrow(/run\.jsonl:2: hash: /);
  });
});

describe('createProvider', () => {
  it('refuses a cassette outside the workspace, by .. or by symlink', () => {
    expect(() => replay('../elsewhere.jsonl')).toThrow(ProviderConfigError);
    expect(() => replay('/etc/passwd')).toThrow(/outside the workspace/);
    const outside = mkdtempSync(join(tmpdir(), 'aieval-outside-'));
    writeFileSync(join(outside, 'c.jsonl'), '');
    mkdirSync(join(workspace, 'recordings'));
    symlinkSync(join(outside, 'c.jsonl'), join(workspace, 'recordings', 'link.jsonl'));
    expect(() => replay('recordings/link.jsonl')).toThrow(/outside the workspace/);
    rmSync(outside, { recursive: true, force: true });
  });

  it('names a missing cassette and a replay provider without a file', () => {
    expect(() => replay('recordings/none.jsonl')).toThrow(/cassette recordings\/none\.jsonl not found/);
    expect(() => createProvider('offline', { kind: 'replay' }, { ...env, workspaceDir: workspace })).toThrow(
      /set "file"/,
    );
  });

  it('names the environment variable of a missing key', () => {
    expect(() => createProvider('openai', { kind: 'openai', api_key_env: 'MY_OPENAI_KEY' }, env)).toThrow(
      /MY_OPENAI_KEY is not set/,
    );
    expect(() => createProvider('claude', { kind: 'anthropic' }, env)).toThrow(/ANTHROPIC_API_KEY is not set/);
    expect(() => createProvider('openai', { kind: 'openai' }, env)).toThrow(/OPENAI_API_KEY is not set/);
  });

  it('needs no key for an OpenAI-compatible server at a base_url', () => {
    expect(createProvider('vllm', { kind: 'openai', base_url: 'http://127.0.0.1:8000/v1' }, env).kind).toBe('openai');
  });
});

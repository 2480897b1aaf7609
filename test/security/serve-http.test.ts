// Attacks on `ai-eval serve` (docs/security.md): tokens, Host, Origin, content types, malformed URLs, big bodies and gzip bombs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCES } from '../support/cli';
import { copyExample } from '../support/workspace';

type Served = { child: ChildProcess; origin: string; url: string; apiToken: string };

async function serve(): Promise<Served> {
  const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-serve-'));
  const child = spawn(process.execPath, [CLI_FROM_SOURCES, 'serve', '--workspace', copyExample(), '--port', '0'], {
    env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let url = '';
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('http://')) url = line.trim();
      const token = /^API token \(Authorization: Bearer\): (\S+)$/.exec(line)?.[1];
      if (token) resolve({ child, url, origin: new URL(url).origin, apiToken: token });
    });
    child.once('exit', (code) => reject(new Error(`ai-eval serve exited early with ${code}`)));
  });
}

/** A raw request (fetch cannot send a foreign Host, a malformed path or a lying Content-Length). */
function raw(
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${options.path.startsWith('/') ? '' : '/'}`, {
      method: options.method ?? 'GET',
      path: options.path,
      headers: options.headers,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** `megabytes` of zeros gzipped as a stream: a quarter-megabyte bomb that inflates to 250 MB. */
async function gzipBomb(megabytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!gzip.write(zeros)) await new Promise((r) => gzip.once('drain', r));
  await new Promise((resolve) => gzip.end(resolve));
  return Buffer.concat(parts);
}

const rssMb = (pid: number): number | null => {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(file, 'utf8'))?.[1];
  return kb === undefined ? null : Number(kb) / 1024;
};

describe('ai-eval serve under attack', () => {
  let served: Served;
  const json = { 'Content-Type': 'application/json' };
  // `ai-eval serve` starts through tsx: give it time on a loaded machine.
  beforeAll(async () => {
    served = await serve();
  }, 60_000);
  afterAll(async () => {
    const exited = new Promise((resolve) => served.child.once('exit', resolve));
    served.child.kill('SIGTERM');
    await exited;
  });

  it('POST /v1/traces needs the token: 401 without it, 200 with `Authorization: Bearer`', async () => {
    const body = JSON.stringify({ resourceSpans: [] });
    const anonymous = await raw(served.origin, { method: 'POST', path: '/v1/traces', headers: json, body });
    expect(anonymous.status).toBe(401);
    const authorised = await raw(served.origin, {
      method: 'POST',
      path: '/v1/traces',
      headers: { ...json, Authorization: `Bearer ${served.apiToken}` },
      body,
    });
    expect(authorised.status).toBe(200);
  });

  it('a gzip bomb gets 413 and the server grows by less than 100 MB', async () => {
    const bomb = await gzipBomb(250);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = rssMb(served.child.pid!);
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        raw(served.origin, {
          method: 'POST',
          path: '/v1/traces',
          headers: { ...json, 'Content-Encoding': 'gzip', Authorization: `Bearer ${served.apiToken}` },
          body: bomb,
        }),
      ),
    );
    const after = rssMb(served.child.pid!);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/inflates past/);
    }
    if (before !== null && after !== null) {
      console.log(
        `RSS of ai-eval serve: ${before.toFixed(0)} MB before three 250 MB gzip bombs, ${after.toFixed(0)} MB after`,
      );
      expect(after - before).toBeLessThan(100);
    }
  });

  it('sends the security headers on every answer', async () => {
    for (const path of ['/', '/rpc/workspace.get', '/nothing']) {
      const { headers } = await raw(served.origin, { path });
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('the URL token works once: it becomes the cookie, a second use is refused, and it is no API token', async () => {
    const token = new URL(served.url).searchParams.get('token')!;
    const first = await raw(served.origin, { path: `/?token=${token}` });
    expect(first.status).toBe(303);
    const cookie = String((first.headers['set-cookie'] as string[])[0]).split(';')[0]!;
    const second = await raw(served.origin, { path: `/?token=${token}` });
    expect(second.status).toBe(401);
    expect(second.headers['set-cookie']).toBeUndefined();
    const byQuery = await raw(served.origin, {
      method: 'POST',
      path: `/rpc/workspace.get?token=${token}`,
      headers: json,
    });
    expect(byQuery.status).toBe(401);
    const byCookie = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.get',
      headers: { ...json, Cookie: cookie },
    });
    expect(byCookie.status).toBe(200);

    // Another site's page, with the cookie the browser would attach, cannot trust the workspace.
    const crossSite = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.trust',
      headers: { ...json, Cookie: cookie, Origin: 'http://evil.example' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.get',
      headers: { ...json, Cookie: cookie, Origin: served.origin },
      body: '{}',
    });
    expect(sameSite.status).toBe(200);
  });

  it('refuses a foreign Host, an inexact content type, a malformed URL and an oversized body', async () => {
    const bearer = { Authorization: `Bearer ${served.apiToken}` };
    const host = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.get',
      headers: { ...json, ...bearer, Host: 'evil.example' },
      body: '{}',
    });
    expect(host.status).toBe(403);
    const jsonx = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.get',
      headers: { ...bearer, 'Content-Type': 'application/jsonx' },
      body: '{}',
    });
    expect(jsonx.status).toBe(415);
    const malformed = await raw(served.origin, { path: '/%E0%A4%A' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toMatch(/URIError/);
    const huge = await raw(served.origin, {
      method: 'POST',
      path: '/rpc/workspace.get',
      headers: { ...json, ...bearer, 'Content-Length': 200 * 1024 * 1024 },
      body: '{',
    });
    expect(huge.status).toBe(413);
  });
});

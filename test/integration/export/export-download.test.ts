// The browser's export download: GET /download/export.zip zips an export's envelope files, under the HTTP shell's
// rules (the token, same origin only) and the service's (envelope files inside the workspace only).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_DOWNLOAD_PATH } from '../../../src-main/http/server';
import { createTestApp, serveTestApp, type ServedApp } from '../../support/app';
import { readZip } from '../../support/read-zip';
import { copyExample } from '../../support/workspace';

const UUID = '0b7e1c3a-5d2f-4e6a-9b1c-2d3e4f5a6b7c';

describe('GET /download/export.zip', () => {
  const token = 'download-token-1';
  const workspace = copyExample();
  const folder = join(workspace, '.aieval', 'envelopes', 'data', 'helpdesk', 'offline', 'llama3.1-8b');
  const aggregate = join(folder, `${UUID}.json`);
  const samples = join(folder, `${UUID}_samples.jsonl`);
  let served: ServedApp;
  let base: string;
  const download = (files: readonly string[], headers: Record<string, string> = { Authorization: `Bearer ${token}` }) =>
    fetch(`${base}${EXPORT_DOWNLOAD_PATH}?${files.map((file) => `file=${encodeURIComponent(file)}`).join('&')}`, {
      headers,
    });

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(aggregate, '{"schema_version":"0.3.0"}\n');
    writeFileSync(samples, '{"sample_id":"sunday_hours"}\n'.repeat(50));
    served = await serveTestApp(createTestApp(workspace), { token });
    base = served.base;
  });

  afterAll(() => served.close());

  it('answers the two files as one zip attachment named after the evaluation', async () => {
    const response = await download([aggregate, samples]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${UUID}.zip"`);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual([`${UUID}.json`, `${UUID}_samples.jsonl`]);
    expect(entries[1]?.data.toString()).toBe('{"sample_id":"sunday_hours"}\n'.repeat(50));
  });

  it('refuses without the token, and from another site even with it', async () => {
    expect((await download([aggregate], {})).status).toBe(401);
    const crossSite = await download([aggregate], { Authorization: `Bearer ${token}`, 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await download([aggregate], { Authorization: `Bearer ${token}`, Origin: 'http://evil.test' });
    expect(otherOrigin.status).toBe(403);
  });

  it('serves envelope files inside the workspace only, saying why it refuses', async () => {
    const outside = await download(['/etc/passwd']);
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: { message: string } }).error.message).toMatch(/outside the workspace/);
    const config = await download([join(workspace, 'aieval.yaml')]);
    expect(config.status).toBe(400);
    expect(((await config.json()) as { error: { message: string } }).error.message).toMatch(/not an EEE envelope file/);
    const gone = await download([join(folder, '11111111-2222-4333-8444-555555555555.json')]);
    expect(gone.status).toBe(404);
    expect((await download([])).status).toBe(400);
  });
});

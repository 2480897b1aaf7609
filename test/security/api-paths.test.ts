// Attack: API calls open any file and echo it (`import.envelopes {"paths":["../../../../etc/shadow"]}`) (docs/security.md).
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src-main/app/create-app';
import { createTestApp } from '../support/app';
import { copyExample } from '../support/workspace';

const SECRET_LINE = 'root:*:20240:0:99999:7:::';

describe('paths an API call names stay inside the workspace, and errors never echo a file', () => {
  let app: App;
  let dir: string;
  let outside: string;
  const call = async (method: string, input: unknown) => app.dispatch(method, input, { transport: 'http' });

  beforeAll(() => {
    dir = copyExample();
    outside = join(mkdtempSync(join(tmpdir(), 'aieval-sec-outside-')), 'shadow');
    writeFileSync(outside, `${SECRET_LINE}\n`);
    symlinkSync(outside, join(dir, 'innocent.json'));
    mkdirSync(join(dir, 'linked'));
    symlinkSync(join(outside, '..'), join(dir, 'linked', 'out'));
    app = createTestApp(dir);
  });
  afterAll(() => app.dispose());

  it.each([
    ['import.envelopes', 'envelope file'],
    ['traces.import', 'trace file'],
  ])('%s refuses ../ escapes, absolute paths and symbolic links out, naming the path only', async (method, what) => {
    const climbing = relative(dir, outside);
    for (const path of [climbing, outside, 'innocent.json', 'linked/out/shadow']) {
      const answer = await call(method, { paths: [path] });
      expect(answer.ok).toBe(false);
      const text = JSON.stringify(answer);
      expect(text).toContain(`${what} ${path} is outside the workspace`);
      expect(text).not.toContain('root:*');
    }
  });

  it('a bad file inside the workspace is reported without its content', async () => {
    writeFileSync(join(dir, 'notes.json'), `${SECRET_LINE}\n`);
    const answer = await call('import.envelopes', { paths: ['notes.json'] });
    const text = JSON.stringify(answer);
    expect(text).toMatch(/not valid JSON/);
    expect(text).not.toContain('root:*');
  });

  it('export.run refuses an output folder that is a link out of the workspace', async () => {
    const answer = await call('export.run', { runId: 'x', outputDir: 'linked/out' });
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).toContain('outputDir linked/out is outside the workspace');
  });

  it('a path through a linked folder whose end does not exist yet is refused, and nothing is written outside', async () => {
    const fresh = join(outside, '..', 'fresh');
    for (const [method, input] of [
      ['export.run', { runId: 'x', outputDir: 'linked/out/fresh/deeper' }],
      ['runs.reports', { runIds: ['x'], json: 'linked/out/fresh/report.json' }],
      ['runs.reports', { runIds: ['x'], junit: 'linked/out/fresh/junit.xml' }],
    ] as const) {
      const answer = await call(method, input);
      expect(answer.ok).toBe(false);
      expect(JSON.stringify(answer)).toMatch(/is outside the workspace \S+ \(through a symbolic link\)/);
      expect(existsSync(fresh)).toBe(false);
    }
  });

  it('a dangling link inside the workspace that points out of it is refused', async () => {
    symlinkSync(join(outside, '..', 'planted.json'), join(dir, 'dangling.json'));
    const answer = await call('runs.reports', { runIds: ['x'], json: 'dangling.json' });
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).toContain('is outside the workspace');
    expect(existsSync(join(outside, '..', 'planted.json'))).toBe(false);
  });
});

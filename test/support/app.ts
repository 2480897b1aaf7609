// Test helper: the service (createApp) over a temp copy of the example, with its own trust file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src-main/app/create-app';
import { TrustStore } from '../../src-main/workspace/trust';
import { copyExample } from './workspace';

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createTestApp(workspaceDir = copyExample(), options: { trusted?: boolean } = {}): App {
  const trust = new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-')));
  if (options.trusted) trust.trust(workspaceDir);
  return createApp({
    workspaceDir,
    resourcesDir: join(import.meta.dirname, '..', '..', 'resources'),
    trust,
    logger: silentLogger,
    checkOutputs: true,
  });
}

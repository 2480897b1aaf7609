// Where the app finds its bundled resources and keeps per-user files, outside Electron.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };

/** The `resources/` folder: found by walking up from this module (source tree, `out/` bundle, or package). */
export function findResourcesDir(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'resources', 'example', 'aieval.yaml'))) return join(dir, 'resources');
    if (dirname(dir) === dir) throw new Error(`cannot find the resources folder above ${start}`);
  }
}

/** Per-user configuration (workspace trust): $AIEVAL_CONFIG_DIR, else the XDG config folder. */
export function defaultConfigDir(): string {
  return process.env.AIEVAL_CONFIG_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'ai-eval');
}

/** Per-user caches that only speed things up (the CLI's compiled code): $AIEVAL_CACHE_DIR, else the XDG cache folder. */
export function defaultCacheDir(): string {
  return process.env.AIEVAL_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'ai-eval');
}

export const APP_VERSION: string = packageJson.version;

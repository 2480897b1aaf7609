// Finds a worker thread's entry: a tsx bootstrap beside the TypeScript sources, or its bundle beside the built code.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `callerUrl` is the caller's import.meta.url. From the sources (the tests run them through tsx) the entry is
 * `sourceBootstrap` beside the caller, a .mjs that registers tsx in the new thread; in the desktop and CLI builds it
 * is the chunk named `bundledName` beside the caller's, with the caller's extension (.js in the desktop's ES modules,
 * .cjs in the CLI's CommonJS: electron.vite.config.ts, vite.cli.config.ts). Undefined when it does not exist.
 */
export function workerEntry(callerUrl: string, sourceBootstrap: string, bundledName: string): URL | undefined {
  const bundled = `./${bundledName}${callerUrl.slice(callerUrl.lastIndexOf('.'))}`;
  const entry = new URL(callerUrl.endsWith('.ts') ? sourceBootstrap : bundled, callerUrl);
  return existsSync(fileURLToPath(entry)) ? entry : undefined;
}

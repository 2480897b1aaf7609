// Which better-sqlite3 binary this runtime loads. Node uses the build `npm ci` made inside node_modules/better-sqlite3,
// unless a build for its own ABI waits in node_modules/.cache/ai-eval/node-<abi> (CI's Node 24 lane, made by
// scripts/node-native.mjs beside the installing Node's); Electron has another ABI, so its build lives in a folder of
// its own (prepared by `npm start`, carried by the packaged app), and no runtime ever rebuilds another's binary in place.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findResourcesDir } from '../paths';

export const BINDING_FILE = 'better_sqlite3.node';

/** `electron-<abi>`: the folder of one Electron ABI's build, in both places below. */
export const electronBindingFolder = (abi: string): string => `electron-${abi}`;

/**
 * Where the Electron build can be, in order: beside a packaged app's resources (`<resources>/native/electron-<abi>`,
 * electron-builder.yml), then in a development checkout (`node_modules/.cache/ai-eval/electron-<abi>`,
 * scripts/electron-native.js). `appRoot` is the folder holding `resources/`: the checkout, or process.resourcesPath.
 */
export function electronBindingCandidates(appRoot: string, abi: string): string[] {
  const folder = electronBindingFolder(abi);
  return [
    join(appRoot, 'native', folder, BINDING_FILE),
    join(appRoot, 'node_modules', '.cache', 'ai-eval', folder, BINDING_FILE),
  ];
}

/** A Node build for one ABI, beside the one `npm ci` made: `node_modules/.cache/ai-eval/node-<abi>`. */
export const nodeBindingCandidate = (appRoot: string, abi: string): string =>
  join(appRoot, 'node_modules', '.cache', 'ai-eval', `node-${abi}`, BINDING_FILE);

export class MissingNativeBindingError extends Error {}

type Runtime = Readonly<{ electron?: string; modules: string }>;

/**
 * better-sqlite3's `nativeBinding` option: under Node the build for its ABI in the cache when there is one, else
 * undefined (the package's own build); the Electron build's path under
 * Electron. Throws MissingNativeBindingError, naming the step that prepares it, when Electron's build is missing.
 */
export function nativeBinding(
  runtime: Runtime = process.versions,
  appRoot: () => string = () => dirname(findResourcesDir()),
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (!runtime.electron) {
    const own = nodeBindingCandidate(appRoot(), runtime.modules);
    return exists(own) ? own : undefined;
  }
  const candidates = electronBindingCandidates(appRoot(), runtime.modules);
  const found = candidates.find((path) => exists(path));
  if (found) return found;
  throw new MissingNativeBindingError(
    `better-sqlite3 has no build for Electron ${runtime.electron} (ABI ${runtime.modules}); looked for ${candidates.join(
      ' and ',
    )}. Run \`npm start\` once (it prepares it with scripts/electron-native.js), or \`npm run dist\` for a package.`,
  );
}

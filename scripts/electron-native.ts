// better-sqlite3 built for Electron's ABI in a folder of its own, node_modules/.cache/ai-eval/electron-<abi>: made once
// with @electron/rebuild (a prebuilt binary when one exists, else compiled against Electron's headers) on a copy of the
// package, so the Node build `npm ci` made stays where it is and `npm test` and `npx ai-eval` keep working.
// `npm start` runs it before opening the window; `npm run dist` runs it with --stage out/native, which
// electron-builder.yml ships as <resources>/native. The store picks the build (src-main/store/native-binding.ts).
// Run: node --import tsx scripts/electron-native.ts [--stage DIR]
import { rebuild } from '@electron/rebuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BINDING_FILE, electronBindingCandidates, electronBindingFolder } from '../src-main/store/native-binding';

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** The installed Electron's version and ABI (its `abi_version` file, else asked of the binary itself). */
function electronTarget(): { version: string; abi: string } {
  const dir = dirname(require.resolve('electron/package.json'));
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const abiFile = join(dir, 'abi_version');
  if (existsSync(abiFile)) return { version, abi: readFileSync(abiFile, 'utf8').trim() };
  const asked = spawnSync(require('electron') as string, ['-p', 'process.versions.modules'], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  if (asked.status !== 0) throw new Error(`cannot tell Electron ${version}'s ABI: ${asked.stderr.trim()}`);
  return { version, abi: asked.stdout.trim() };
}

/** The Electron build's path, made first when it is missing (saying so in one line). */
export async function prepareElectronBinding(): Promise<string> {
  const { version, abi } = electronTarget();
  const target = electronBindingCandidates(ROOT, abi)[1]!;
  if (existsSync(target)) return target;
  const folder = dirname(target);
  console.log(`Preparing better-sqlite3 for Electron ${version} (ABI ${abi}) in ${folder}, once.`);
  // A throwaway app holding a copy of the package: @electron/rebuild rebuilds the node_modules of the path it is given.
  const staging = join(folder, 'staging');
  rmSync(staging, { recursive: true, force: true });
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const copy = join(staging, 'node_modules', 'better-sqlite3');
  cpSync(source, copy, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) });
  const { version: sqliteVersion } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
    version: string;
  };
  writeFileSync(
    join(staging, 'package.json'),
    JSON.stringify({ name: 'ai-eval-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }),
  );
  try {
    await rebuild({ buildPath: staging, electronVersion: version, onlyModules: ['better-sqlite3'], force: true });
    copyFileSync(join(copy, 'build', 'Release', BINDING_FILE), target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** Copies the Electron build into `dir`/electron-<abi>/, the folder a package ships as <resources>/native. */
function stage(built: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  const folder = join(dir, electronBindingFolder(electronTarget().abi));
  mkdirSync(folder, { recursive: true });
  copyFileSync(built, join(folder, BINDING_FILE));
  console.log(`Staged ${join(folder, BINDING_FILE)} for the package.`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { stage: { type: 'string' } } });
  try {
    const built = await prepareElectronBinding();
    if (values.stage) stage(built, join(ROOT, values.stage));
  } catch (error) {
    console.error(`error: better-sqlite3 could not be prepared for Electron: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

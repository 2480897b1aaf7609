#!/usr/bin/env node
// The import graph between the source folders: loops between folders and arrows that run against the layers
// (`node scripts/import-graph.mjs [loops|edges|back]`), to see the architecture as the code has it, not as drawn.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const roots = ['src-main', 'src-shared', 'src-renderer'];
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** The folder a file belongs to: the engine's and the renderer's features one level deeper than the rest. */
function folderOf(file) {
  const parts = relative(root, file).split('/');
  const deep =
    (parts[0] === 'src-main' && parts[1] === 'engine') || (parts[0] === 'src-renderer' && parts[1] === 'features');
  const depth = deep ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join('/') : parts.slice(0, -1).join('/') || parts[0];
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const extension of extensions) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this extension
    }
  }
  return null;
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const edges = new Map(); // "a -> b" -> [file pairs]
for (const top of roots) {
  for (const file of sources(join(root, top))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (!target) continue;
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a === b) continue;
      const key = `${a} -> ${b}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
}

/** Arrows against the layers: the engine into a shell or the service, the workspace layer into the engine. */
const shells = /^src-main\/(app|http|cli|electron|ipc|preload)$/;
function runsBack(a, b) {
  if (a.startsWith('src-main/engine/') && shells.test(b)) return true;
  if (a === 'src-main/workspace' && b.startsWith('src-main/engine/')) return true;
  if ((a === 'src-main/store' || a.startsWith('src-main/engine/')) && b === 'src-main/app') return true;
  if (a === 'src-main/http' && b === 'src-main/app') return true;
  return false;
}

const mode = process.argv[2] ?? 'loops';
const sorted = [...edges.entries()].sort(([x], [y]) => x.localeCompare(y));
if (mode === 'edges') {
  for (const [key, files] of sorted) console.log(`${key} (${files.length})`);
} else if (mode === 'back') {
  const back = sorted.filter(([key]) => runsBack(...key.split(' -> ')));
  for (const [key, files] of back) console.log(`${key}\n  ${files.join('\n  ')}`);
  console.log(`${back.length} folder arrows run back up`);
} else {
  let loops = 0;
  for (const [key, files] of sorted) {
    const [a, b] = key.split(' -> ');
    const reverse = edges.get(`${b} -> ${a}`);
    if (!reverse || a > b) continue;
    loops += 1;
    console.log(`${a} <-> ${b} (${files.length}/${reverse.length})\n  ${[...files, ...reverse].join('\n  ')}`);
  }
  console.log(`${loops} loops between folders`);
}

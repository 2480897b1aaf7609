// V8's code cache for the CLI bundle: every command compiles the same megabyte of JavaScript at each start, so the
// bytecode V8 made for it on an earlier successful run is kept per user and handed back to V8 the next time.
// Node 22 has this built in (module.enableCompileCache); Node 20 has not, so the bundle is CommonJS
// (vite.cli.config.ts) and its chunks are compiled here through vm.Script, which accepts and produces cached data.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export type CompileCacheOptions = Readonly<{
  /** The folder of the bundle's chunks: only files directly in it are compiled through the cache. */
  bundleDir: string;
  /** The bundle's entry file: its content names every chunk by hash, so its hash names one build. */
  entryFile: string;
  /** Per-user folder the cached data lives in (paths.ts defaultCacheDir). */
  cacheRoot: string;
  /** One cache per command: each command runs (and so compiles) different parts of the same chunks. */
  command: string;
}>;

export type CompileCache = Readonly<{
  /** Writes the cached data of every chunk compiled from source; call it once the command has done its job. */
  save(): void;
}>;

type ModuleInternals = {
  _compile(this: ModuleInternals, content: string, filename: string): unknown;
  exports: unknown;
};
type CompiledChunk = Readonly<{ script: Script; file: string }>;

/**
 * Compiles the bundle's chunks through the cache from now on. Cached data is only ever a speed-up: a missing,
 * unreadable, stale or refused file means the chunk compiles from source, and nothing here can fail a command.
 * The data is written once the command did its job and only for chunks compiled from source, so a `--help` or a
 * failed run never leaves a cache that covers less of the code than a real run needs.
 */
export function enableCompileCache(options: CompileCacheOptions): CompileCache {
  const prototype = Module.prototype as unknown as ModuleInternals;
  const compile = prototype._compile;
  const fromSource: CompiledChunk[] = [];
  let folder: string | undefined;
  const buildFolder = () => (folder ??= join(nodeFolder(options.cacheRoot), buildId(options.entryFile)));

  prototype._compile = function (content, filename) {
    if (dirname(filename) !== options.bundleDir) return compile.call(this, content, filename);
    const file = join(buildFolder(), `${basename(filename)}.${options.command}.bin`);
    const cachedData = readIfPresent(file);
    const script = new Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) fromSource.push({ script, file });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };

  return {
    save: () => {
      if (fromSource.length === 0) return;
      try {
        prepareFolder(buildFolder());
        // Made now rather than at compile time, so the data holds every function the command ran, not only the
        // few V8 compiles eagerly.
        for (const { script, file } of fromSource.splice(0)) writeAtomically(file, script.createCachedData());
      } catch {
        // A read-only or full disk: the next start compiles from source, as this one did.
      }
    },
  };
}

/** Cached data depends on Node's V8 and the CPU architecture: one folder for each. */
const nodeFolder = (cacheRoot: string) => join(cacheRoot, 'v8', `${process.version}-${process.arch}`);

function buildId(entryFile: string): string {
  return createHash('sha256').update(readFileSync(entryFile)).digest('hex').slice(0, 16);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Builds whose cache is kept: a few installs of ai-eval (global, per project) can share one Node. */
const BUILDS_KEPT = 3;

/** Creates this build's folder, private to the user, and removes the other builds' but the most recently written. */
function prepareFolder(folder: string): void {
  const parent = dirname(folder);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const others = readdirSync(parent)
    .filter((name) => name !== basename(folder))
    .map((name) => ({ path: join(parent, name), written: statSync(join(parent, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const { path } of others.slice(BUILDS_KEPT - 1)) rmSync(path, { recursive: true, force: true });
}

/** Another process starting at the same moment reads either no file or a whole one, never half of one. */
function writeAtomically(file: string, data: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

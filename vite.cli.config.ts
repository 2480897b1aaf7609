// The CLI (`ai-eval`, `serve`) and its worker threads, bundled for Node: bin/ai-eval.js runs out/cli/ai-eval.cjs.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const source = (path: string) => resolve(import.meta.dirname, path);

export default defineConfig({
  // Bundled into the CLI rather than resolved from node_modules at every start: validate and run load them on every
  // call, resolving their hundreds of files cost about a quarter of validate's CPU time, and bundled they compile
  // through the CLI's code cache (cli/compile-cache.ts) instead of from source at every start.
  ssr: { noExternal: ['zod', 'yaml', 'ajv', 'js-yaml', 're2js', 'kysely'] },
  build: {
    ssr: true,
    target: 'node20',
    outDir: source('out/cli'),
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: {
        'ai-eval': source('src-main/cli/main.ts'),
        // Worker threads, found beside the chunk that starts them (worker-entry.ts).
        'trace-decoder': source('src-main/engine/traces/decode/decode-worker.ts'),
        'store-checkpointer': source('src-main/store/checkpoint-worker.ts'),
      },
      output: {
        // CommonJS, with dynamic imports as require() calls: Node 20 can hand V8 cached code only for scripts it
        // compiles through vm.Script, which the CLI does for its own chunks (cli/compile-cache.ts).
        format: 'cjs',
        dynamicImportInCjs: false,
        entryFileNames: '[name].cjs',
        chunkFileNames: '[name]-[hash].cjs',
        // ASCII only (other characters escaped, doc comments left out): Node reads an ASCII file straight into a
        // one-byte string, where a single '≥' made it decode the whole megabyte into two-byte text before parsing it.
        charset: 'ascii',
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});

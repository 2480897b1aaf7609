// electron-vite: the main process, the sandboxed preload (CommonJS, as sandboxed preloads must be) and the renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.web.config';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          main: resolve(import.meta.dirname, 'src-main/electron/main.ts'),
          // Worker threads, found beside the main bundle (worker-entry.ts): the trace decoding thread,
          'trace-decoder': resolve(import.meta.dirname, 'src-main/engine/traces/decode/decode-worker.ts'),
          // and the store's checkpointing thread during a large import.
          'store-checkpointer': resolve(import.meta.dirname, 'src-main/store/checkpoint-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The window's renderer builds into a folder of its own: out/renderer is what a running `ai-eval serve` serves, and
  // rebuilding it under an open tab would take its lazy chunks and its YAML worker away.
  renderer: {
    ...rendererConfig,
    build: {
      ...rendererConfig.build,
      outDir: resolve(import.meta.dirname, 'out/desktop-renderer'),
      rollupOptions: { input: resolve(import.meta.dirname, 'src-renderer/index.html') },
    },
  },
});

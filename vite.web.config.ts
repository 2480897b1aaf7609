// The renderer build, shared by `ai-eval serve` (browser) and electron-vite (desktop window).
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

export const rendererConfig: UserConfig = {
  root: resolve(import.meta.dirname, 'src-renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
};

export default defineConfig(rendererConfig);

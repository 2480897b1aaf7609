// The main thread's side of the decoding worker: starts it on one file and hands its batches out one at a time.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerMessage } from './decode-worker';
import { UnreadableFileError } from './read-otlp-file';
import type { RowBatch, RowBatchOptions } from './row-batches';

/**
 * Where the worker's entry is: beside this module when running from the TypeScript sources (a bootstrap that
 * registers tsx in the new thread), or `trace-decoder.js` beside the desktop app's main bundle. Undefined when
 * neither exists, and the import decodes in its own thread.
 */
export function decoderEntry(): URL | undefined {
  const entry = import.meta.url.endsWith('.ts')
    ? new URL('./decode-worker.mjs', import.meta.url)
    : new URL('./trace-decoder.js', import.meta.url);
  return existsSync(fileURLToPath(entry)) ? entry : undefined;
}

/** Decodes `path` in a worker thread; a cancel (`signal`) ends it after the batch in hand, and terminates the worker. */
export async function* rowBatchesInWorker(
  path: string,
  options: RowBatchOptions,
  entry: URL,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch> {
  const input: WorkerInput = { path, options };
  const worker = new Worker(entry, { workerData: input });
  const inbox: WorkerMessage[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: WorkerMessage) => {
    inbox.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the trace decoding thread stopped (exit code ${code}) before the end of ${path}`);
    notify();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.kind === 'done') return;
      if (message.kind === 'unreadable') throw new UnreadableFileError(message.message);
      if (message.kind === 'failed') throw new Error(`decoding ${path}: ${message.message}`);
      if (message.batch.rows) worker.postMessage('taken');
      yield message.batch;
      if (signal?.aborted) return;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}

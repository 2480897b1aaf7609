// The main thread's side of the decoding worker: starts it on one file and hands its batches out one at a time.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../../worker-entry';
import type { WorkerInput, WorkerMessage } from './decode-worker';
import { UnreadableFileError } from './read-otlp-file';
import type { RowBatch, RowBatchOptions } from './row-batches';

/** The decoding worker's entry (the trace-decoder chunk of the desktop and CLI builds); undefined: the import decodes
 * in-process. */
export const decoderEntry = (): URL | undefined => workerEntry(import.meta.url, './decode-worker.mjs', 'trace-decoder');

/**
 * The decoding thread's young generation (V8's default is 48 MiB). A batch of spans lives through several minor
 * collections while it fills, so with the default much of it is promoted before it dies; twice the room trades a
 * little peak memory for a faster import, which this thread paces (bench/README.md, "Trace import").
 */
const YOUNG_GENERATION_MB = 96;

/** Decodes `path` in a worker thread; a cancel (`signal`) ends it after the batch in hand, and terminates the worker. */
export async function* rowBatchesInWorker(
  path: string,
  options: RowBatchOptions,
  entry: URL,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch> {
  const input: WorkerInput = { path, options };
  const worker = new Worker(entry, {
    workerData: input,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
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

// The decoding thread of a large trace import: reads, decodes and serialises batches while the main thread writes
// the previous one to SQLite, so the two halves of an import use both cores.
import { parentPort, workerData } from 'node:worker_threads';
import { UnreadableFileError } from './read-otlp-file';
import { rowBatchesInProcess, type RowBatch, type RowBatchOptions } from './row-batches';
import { messageOf } from '../../../../src-shared/text/message-of';

/** What the worker posts: batches, then `done`; or the reason it stopped. */
export type WorkerMessage =
  | Readonly<{ kind: 'batch'; batch: RowBatch }>
  | Readonly<{ kind: 'done' }>
  | Readonly<{ kind: 'unreadable'; message: string }>
  | Readonly<{ kind: 'failed'; message: string }>;

export type WorkerInput = Readonly<{ path: string; options: RowBatchOptions }>;

/** Batches of rows posted but not yet taken by the main thread: two keep both threads busy and memory bounded. */
export const BATCHES_AHEAD = 2;

async function main(port: NonNullable<typeof parentPort>, input: WorkerInput): Promise<void> {
  let credits = BATCHES_AHEAD;
  let wake: (() => void) | undefined;
  // Each message from the main thread says it took one batch of rows.
  port.on('message', () => {
    credits++;
    wake?.();
  });
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    for await (const batch of rowBatchesInProcess(input.path, input.options)) {
      // Only steps that carry rows count: the steps between them are a few numbers each.
      if (batch.rows) {
        while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
        credits--;
      }
      post({ kind: 'batch', batch });
    }
    post({ kind: 'done' });
  } catch (error) {
    const message = messageOf(error);
    post(error instanceof UnreadableFileError ? { kind: 'unreadable', message } : { kind: 'failed', message });
  }
  port.close();
}

// main reports its own failures to the main thread.
if (parentPort) void main(parentPort, workerData as WorkerInput);

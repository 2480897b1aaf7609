// The store's checkpointing thread during a large import: copies the WAL into the database file, and waits for the
// disk, while the importing thread goes on writing.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { nativeBinding } from './native-binding';

export type CheckpointInput = Readonly<{ file: string }>;
/** Each `checkpoint` request is answered with `checkpointed`; `stop` with `stopped`. */
export type CheckpointRequest = 'checkpoint' | 'stop';
export type CheckpointMessage =
  /** walPages: the WAL's length when this checkpoint copied it. */
  | Readonly<{ kind: 'checkpointed'; walPages: number }>
  | Readonly<{ kind: 'stopped' }>
  | Readonly<{ kind: 'failed'; message: string }>;

function main(port: NonNullable<typeof parentPort>, input: CheckpointInput): void {
  const db = new Database(input.file, { fileMustExist: true, nativeBinding: nativeBinding() });
  db.pragma('busy_timeout = 5000');
  const post = (message: CheckpointMessage) => port.postMessage(message);
  port.on('message', (request: CheckpointRequest) => {
    try {
      if (request === 'stop') {
        db.close();
        post({ kind: 'stopped' });
        port.close();
        return;
      }
      // PASSIVE never waits for the writer: it copies what is committed while the writer goes on appending.
      const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      post({ kind: 'checkpointed', walPages: result!.log });
    } catch (error) {
      post({ kind: 'failed', message: (error as Error).message });
      db.close();
      port.close();
    }
  });
}

if (parentPort) main(parentPort, workerData as CheckpointInput);

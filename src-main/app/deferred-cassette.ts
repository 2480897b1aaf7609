// The cassette of `ai-eval run --record FILE`: given to the service when it is created (a process option: no call
// names a file to write), opened once the workspace is known to be valid, so a refused invocation leaves no file.
import { openCassetteWriter, type CassetteGap, type CassetteWriter } from '../engine/providers/cassette';

export type { CassetteGap };

export type DeferredCassette = CassetteWriter & { open(): void };

export function deferredCassette(file: string): DeferredCassette {
  let writer: CassetteWriter | undefined;
  return {
    file,
    open: () => {
      writer ??= openCassetteWriter(file);
    },
    append: (entry, owner) => {
      if (!writer) throw new Error(`cassette ${file} is not open`);
      writer.append(entry, owner);
    },
    gap: () => writer?.gap(),
    close: () => writer?.close(),
  };
}

// Imports OTLP trace files: streams each one, writes batches, reports progress, sums up what it did and what was bad.
import { stat } from 'node:fs/promises';
import type { ImportError, ImportProgress, ImportSummary } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { decoderEntry, rowBatchesInWorker } from './decode/decode-thread';
import { UnreadableFileError } from './decode/read-otlp-file';
import { rowBatchesInProcess } from './decode/row-batches';
import { importStamp, TraceIngest } from './ingest';

export const WORKER_ABOVE_BYTES = 16 * 1024 * 1024;

/**
 * Spans read per store transaction. A batch's decoded spans live until it is cut, so a batch small enough to die in
 * the decoding thread's young generation saves more garbage collection than its extra commits cost
 * (bench/README.md, "Trace import").
 */
const BATCH_SPANS = 1000;

export type ImportOptions = Readonly<{
  store: StoreApi['traces'];
  clock: () => number;
  onProgress?: (progress: ImportProgress) => void;
  /** Spans read per transaction (BATCH_SPANS). */
  batchSpans?: number;
  /**
   * Files at least this large are decoded in a worker thread while this one writes, and checkpointed by another
   * (each thread's start-up costs ~0.3 s).
   */
  workerAboveBytes?: number;
  /** Errors listed in the summary; the rest are only counted. */
  maxErrors?: number;
  progressIntervalMs?: number;
  /** Stops the import after the current batch; what was read so far is kept. */
  signal?: AbortSignal;
}>;

/** What the files of one import share: the ingest, the running totals and the errors listed so far. */
type ImportRun = Readonly<{
  options: ImportOptions;
  ingest: TraceIngest;
  batchSpans: number;
  maxErrors: number;
  errors: ImportError[];
  unreadable: string[];
  totals: { spans: number; inserted: number; skipped: number; bad: number; traces: number };
}>;

export async function importTraceFiles(paths: readonly string[], options: ImportOptions): Promise<ImportSummary> {
  const started = options.clock();
  const run: ImportRun = {
    options,
    ingest: new TraceIngest(options.store, importStamp(started)),
    batchSpans: options.batchSpans ?? BATCH_SPANS,
    maxErrors: options.maxErrors ?? 100,
    errors: [],
    unreadable: [],
    totals: { spans: 0, inserted: 0, skipped: 0, bad: 0, traces: 0 },
  };
  await run.ingest.rebuildQueued();
  let cancelled = false;
  try {
    for (const [fileIndex, file] of paths.entries()) {
      cancelled = options.signal?.aborted === true || (await importFile(run, file, fileIndex, paths.length));
      if (cancelled) break;
    }
  } finally {
    await options.store.endBulkImport();
  }
  const { totals } = run;
  const stamped = await options.store.importedSince(run.ingest.stamp);
  return {
    files: paths.length,
    spans: totals.spans,
    inserted: totals.inserted,
    skipped: totals.skipped,
    bad: totals.bad,
    traces: totals.traces,
    llmCalls: stamped.llmCalls,
    conversations: stamped.conversations,
    reviewItems: stamped.reviewItems,
    errors: run.errors,
    unreadable: run.unreadable,
    cancelled,
    elapsedMs: options.clock() - started,
  };
}

/** Imports one file into the run's totals; returns whether the import was cancelled while it read. */
async function importFile(run: ImportRun, file: string, fileIndex: number, fileCount: number): Promise<boolean> {
  const { options, totals, errors, maxErrors } = run;
  const interval = options.progressIntervalMs ?? 100;
  const totalBytes = await stat(file).then(
    (s) => s.size,
    () => 0,
  );
  let cancelled = false;
  let fileSpans = 0;
  let fileBad = 0;
  let lastReport = 0;
  let bytesRead = 0;
  const report = (bytesRead: number, done = false) => {
    const now = options.clock();
    if (!options.onProgress || (!done && now - lastReport < interval)) return;
    lastReport = now;
    options.onProgress({ file, fileIndex, fileCount, bytesRead, totalBytes, spans: fileSpans, bad: fileBad, done });
  };
  const batchOptions = {
    sourceFile: file,
    importedAt: run.ingest.stamp,
    batchSpans: run.batchSpans,
    maxProblems: maxErrors,
  };
  const large = totalBytes >= (options.workerAboveBytes ?? WORKER_ABOVE_BYTES);
  if (large) await options.store.beginBulkImport();
  const entry = large ? decoderEntry() : undefined;
  try {
    const batches = entry
      ? rowBatchesInWorker(file, batchOptions, entry, options.signal)
      : rowBatchesInProcess(file, batchOptions, options.signal);
    for await (const batch of batches) {
      if (batch.rows && batch.rows.spans.length > 0) {
        const outcome = await run.ingest.writeRows(batch.rows);
        totals.inserted += outcome.inserted;
        totals.skipped += outcome.skipped;
        totals.traces += outcome.newTraces;
      }
      fileSpans += batch.spans;
      fileBad += batch.bad;
      for (const problem of batch.problems) if (errors.length < maxErrors) errors.push({ file, ...problem });
      bytesRead = batch.bytesRead;
      report(bytesRead);
      // The batches stop by themselves at a cancel, after handing over the spans already read.
      if (options.signal?.aborted) cancelled = true;
    }
    if (!cancelled && fileSpans === 0) {
      if (fileBad > 0) run.unreadable.push(file);
      else errors.push({ file, line: null, offset: null, message: 'no spans in this file' });
    }
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    run.unreadable.push(file);
    fileBad++;
    if (errors.length < maxErrors) errors.push({ file, line: null, offset: null, message: error.message });
  }
  // The traces this file continued across its batches (and files before it) get their items once, read back whole.
  await run.ingest.rebuildQueued();
  totals.spans += fileSpans;
  totals.bad += fileBad;
  report(cancelled ? bytesRead : totalBytes, true);
  return cancelled;
}

// `ai-eval import-traces FILE...`: imports OTLP trace files (JSON, JSON lines, protobuf) into the review queue.
import { basename } from 'node:path';
import type { ImportProgress, ImportSummary } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, pathArguments, type CliIo, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

const count = (n: number) => n.toLocaleString('en-US');

const BAR_WIDTH = 24;

/** Progress: a redrawn bar on a terminal, one line per finished file otherwise (CI logs stay short). */
function progressPrinter(io: CliIo): (progress: ImportProgress) => void {
  return (p) => {
    const percent = p.totalBytes ? Math.min(100, Math.floor((100 * p.bytesRead) / p.totalBytes)) : 100;
    const counts = `${count(p.spans)} spans${p.bad ? `, ${count(p.bad)} bad` : ''}`;
    const name = `[${p.fileIndex + 1}/${p.fileCount}] ${basename(p.file)}`;
    if (io.interactive && io.status) {
      const filled = Math.round((percent / 100) * BAR_WIDTH);
      io.status(
        p.done ? '' : `${name} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${percent}%  ${counts}`,
      );
    }
    if (p.done) io.err(`${name}: ${counts}`);
  };
}

function printSummary(summary: ImportSummary, io: CliIo): void {
  io.out(
    `Imported ${plural(summary.files, 'file')}: ${count(summary.spans)} spans (${count(summary.inserted)} new, ${count(summary.skipped)} skipped as already imported), ` +
      `${count(summary.traces)} new traces, ${count(summary.llmCalls)} LLM calls, ${count(summary.conversations)} conversations, ` +
      `${count(summary.reviewItems)} review items, ${count(summary.bad)} bad, in ${(summary.elapsedMs / 1000).toFixed(1)} s.`,
  );
  for (const error of summary.errors) {
    const where = error.line !== null ? `:${error.line}` : error.offset !== null ? ` (byte ${error.offset})` : '';
    io.err(`${error.file}${where}: ${error.message}`);
  }
  if (summary.bad > summary.errors.length)
    io.err(`... and ${count(summary.bad - summary.errors.length)} more bad records`);
  for (const file of summary.unreadable) io.err(`error: nothing could be read from ${file}`);
}

export const importTracesCommand: Command = {
  name: 'import-traces',
  summary: 'Import OTLP trace files (JSON, JSON lines, protobuf) into the review queue',
  usage: 'ai-eval import-traces FILE... [--workspace DIR] [--json]',
  options: JSON_OPTIONS,
  allowPositionals: true,
  async run(args, io) {
    const paths = pathArguments(args, io, 'give at least one trace file');
    return withWorkspaceClient(args, io, {}, async (client) => {
      const print = progressPrinter(io);
      const unsubscribe = client.on('traces.importProgressed', print);
      try {
        const summary = await client['traces.import']({ paths });
        if (args.values.json) io.out(JSON.stringify(summary, null, 2));
        else printSummary(summary, io);
        return summary.unreadable.length > 0 ? EXIT.invalid : EXIT.ok;
      } finally {
        unsubscribe();
      }
    });
  },
};

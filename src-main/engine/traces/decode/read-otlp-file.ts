// Streams an OTLP trace file (JSON lines, one JSON document, or protobuf; optionally gzipped) as decoded batches.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { DecodedBatch } from '../span';
import { decodeJsonText } from './decode-json-text';
import { decodeProtoRequest, decodeResourceSpansMessage } from './otlp-protobuf';
import { detectProtoFraming, LineFramer, MAX_FRAME_BYTES, ProtoFramer, type Frame, type Framer } from './framing';
import { DecodeError } from './otlp-values';

/** A decoded part of the file and how far the reader got (for progress). */
export type FileBatch = DecodedBatch & Readonly<{ bytesRead: number }>;

/** The file could not be opened or read at all (missing, a directory, no permission, an I/O error). */
export class UnreadableFileError extends Error {}

/** A pretty-printed JSON document must be parsed whole; beyond this size, JSON lines are required. */
export const MAX_JSON_DOCUMENT_BYTES = 512 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/**
 * How far a gzipped file may inflate: 100 times its compressed size (OTLP JSON compresses 10-30 times, a repetitive
 * one rarely beyond 100; blank space 1,000 times), at least 1 GiB, at most 16 GiB, so a gzip bomb is refused after a
 * few seconds of inflating, never minutes.
 */
export function maxInflatedBytes(compressedBytes: number): number {
  return Math.min(16 * 1024 ** 3, Math.max(1024 ** 3, 100 * compressedBytes));
}

/**
 * Blank space in a row that ends a read: no exporter writes 64 MiB of it, and a gzipped file of nothing else (which
 * inflates 1,000 times) would otherwise be inflated up to its cap, minutes for a few GB.
 */
export const MAX_BLANK_RUN_BYTES = 64 * 1024 * 1024;

type Format = 'json-lines' | 'json-document' | 'protobuf';

/** Decodes `path` in chunks; memory stays bounded by the largest record, not the file. */
export async function* readOtlpFile(
  path: string,
  options: Readonly<{ maxInflatedBytes?: number; maxBlankRunBytes?: number }> = {},
): AsyncGenerator<FileBatch> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new UnreadableFileError(`${path} is a directory`);
    size = info.size;
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (size === 0) throw new UnreadableFileError(`${path} is empty`);
  const raw = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  const head = await peek(path);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const stream: Readable = gzipped ? raw.pipe(createGunzip({ chunkSize: CHUNK_BYTES })) : raw;
  const inflateCap = options.maxInflatedBytes ?? maxInflatedBytes(size);
  let inflated = 0;
  const blankCap = options.maxBlankRunBytes ?? MAX_BLANK_RUN_BYTES;
  let blankRun = 0;
  let format: Format | undefined;
  let framer: Framer | undefined;
  let document: Buffer[] = [];
  let documentBytes = 0;
  const sniffer = new FormatSniffer();
  try {
    let content = false;
    for await (const read of stream as AsyncIterable<Buffer>) {
      inflated += read.length;
      if (gzipped && inflated > inflateCap)
        throw new UnreadableFileError(
          `${path} inflates past ${inflateCap} bytes from ${size} gzipped bytes: refused as a likely gzip bomb (gunzip it yourself and import the result if it is real)`,
        );
      const blank = isBlank(read);
      content ||= !blank;
      blankRun = blank ? blankRun + read.length : 0;
      if (blankRun > blankCap)
        throw new UnreadableFileError(
          `${path} holds more than ${blankCap} bytes of blank space in a row${gzipped ? ' once inflated' : ''} (at byte ${inflated}): refused, a trace export holds no such run`,
        );
      let chunk = read;
      if (!format) {
        const sniffed = sniffer.push(read);
        if (!sniffed) continue;
        format = sniffed.format;
        chunk = sniffed.bytes;
        framer = framerFor(sniffed.format, chunk);
      }
      if (framer) {
        yield* decodeFrames(framer.push(chunk), format, framer, raw.bytesRead);
      } else {
        documentBytes += chunk.length;
        if (documentBytes > MAX_JSON_DOCUMENT_BYTES) {
          throw new DecodeError(
            `a JSON document larger than ${MAX_JSON_DOCUMENT_BYTES} bytes must be written as JSON lines (one request per line) to be streamed`,
          );
        }
        document.push(chunk);
      }
    }
    // A file of blank lines holds nothing to import, as an empty one.
    if (!content) throw new UnreadableFileError(`${path} is empty (blank lines only)`);
    if (!format) {
      // The whole file is one line: its content decides.
      const sniffed = sniffer.end();
      format = sniffed.format;
      framer = framerFor(sniffed.format, sniffed.bytes);
      if (framer) yield* decodeFrames(framer.push(sniffed.bytes), sniffed.format, framer, raw.bytesRead);
      else document = [sniffed.bytes];
    }
    if (framer) yield* decodeFrames(framer.end(), format, framer, raw.bytesRead);
    else if (format === 'json-document') {
      const text = Buffer.concat(document).toString('utf8');
      document = [];
      yield { ...decodeJsonText(text, 1), bytesRead: raw.bytesRead };
    }
  } catch (error) {
    if (error instanceof DecodeError) {
      yield {
        spans: [],
        bad: 1,
        problems: [{ line: null, offset: byteOffsetIn(error.message), message: error.message }],
        bytesRead: raw.bytesRead,
      };
      return;
    }
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(`cannot read ${path}: ${(error as Error).message}`);
  } finally {
    raw.destroy();
  }
}

function* decodeFrames(frames: Frame[], format: Format, framer: Framer, bytesRead: number): Generator<FileBatch> {
  for (const frame of frames) {
    if (format === 'json-lines') {
      if (isBlank(frame.bytes)) continue;
      yield { ...decodeJsonText(frame.bytes.toString('utf8'), frame.line), bytesRead };
    } else if ((framer as ProtoFramer).framing === 'single') {
      yield { ...decodeResourceSpansMessage(frame.bytes, frame.offset), bytesRead };
    } else {
      yield { ...decodeProtoRequest(frame.bytes, frame.offset), bytesRead };
    }
  }
}

function framerFor(format: Format, head: Buffer): Framer | undefined {
  if (format === 'json-lines') return new LineFramer();
  return format === 'protobuf' ? new ProtoFramer(detectProtoFraming(head)) : undefined;
}

/**
 * Tells the format from the content: JSON starts with `{` or `[` (after a BOM or blank space), and a first line that
 * is a whole value means JSON lines, however long that line is; the chunks are held until its end is seen.
 */
class FormatSniffer {
  private chunks: Buffer[] = [];
  private bytes = 0;

  push(chunk: Buffer): { format: Format; bytes: Buffer } | undefined {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.chunks.length > 1 && contentStart(this.chunks[0]!) === this.chunks[0]!.length) {
      // Blank space so far (a protobuf file starts with none this long): wait for content, the reader refuses a long
      // run of blank; once content comes, the format is told from all of it.
      if (contentStart(chunk) === chunk.length) return undefined;
      this.chunks = [Buffer.concat(this.chunks)];
    }
    const first = this.chunks[0]!;
    const start = contentStart(first);
    if (start === first.length && this.chunks.length === 1) return undefined;
    const opening = first[start];
    if (opening !== 0x7b && opening !== 0x5b) return this.decide('protobuf');
    const lineEnded = (this.chunks.length === 1 ? first.indexOf(10, start) : chunk.indexOf(10)) !== -1;
    if (!lineEnded && this.bytes <= MAX_FRAME_BYTES) return undefined;
    return this.decide(jsonFormat(Buffer.concat(this.chunks), start));
  }

  end(): { format: Format; bytes: Buffer } {
    const bytes = Buffer.concat(this.chunks);
    const start = contentStart(bytes);
    const opening = bytes[start];
    if (opening !== 0x7b && opening !== 0x5b)
      return { format: start === bytes.length ? 'json-lines' : 'protobuf', bytes };
    return { format: jsonFormat(bytes, start), bytes };
  }

  private decide(format: Format): { format: Format; bytes: Buffer } {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    return { format, bytes };
  }
}

/** Where the content starts: after a UTF-8 BOM and blank space. */
function contentStart(chunk: Buffer): number {
  let i = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
  while (i < chunk.length && (chunk[i] === 0x20 || chunk[i] === 0x0a || chunk[i] === 0x0d || chunk[i] === 0x09)) i++;
  return i;
}

/** A first line that closes what it opens is a JSON line; anything else is one (pretty-printed) document. */
function jsonFormat(bytes: Buffer, start: number): Format {
  const nl = bytes.indexOf(10, start);
  const line = bytes
    .subarray(start, nl === -1 ? bytes.length : nl)
    .toString('utf8')
    .trimEnd();
  const closes = (bytes[start] === 0x7b && line.endsWith('}')) || (bytes[start] === 0x5b && line.endsWith(']'));
  return closes ? 'json-lines' : 'json-document';
}

/** The first byte offset a framing error names, so the report points at the skipped part. */
function byteOffsetIn(message: string): number | null {
  const found = /byte (\d+)/.exec(message);
  return found ? Number(found[1]) : null;
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  return true;
}

async function peek(path: string): Promise<Buffer> {
  for await (const chunk of createReadStream(path, { start: 0, end: 1 }) as AsyncIterable<Buffer>) return chunk;
  return Buffer.alloc(0);
}

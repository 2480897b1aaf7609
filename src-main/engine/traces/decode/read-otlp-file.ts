// Streams an OTLP trace file (JSON lines, one JSON document, or protobuf; optionally gzipped) as decoded batches.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { DecodedBatch } from '../span';
import { decodeJsonText } from './decode-json-text';
import { decodeProtoRequest, decodeResourceSpansMessage } from './otlp-protobuf';
import { detectProtoFraming, LineFramer, ProtoFramer, type Frame, type Framer } from './framing';
import { DecodeError } from './otlp-values';

/** A decoded part of the file and how far the reader got (for progress). */
export type FileBatch = DecodedBatch & Readonly<{ bytesRead: number }>;

/** The file could not be opened or read at all (missing, a directory, no permission, an I/O error). */
export class UnreadableFileError extends Error {}

/** A pretty-printed JSON document must be parsed whole; beyond this size, JSON lines are required. */
export const MAX_JSON_DOCUMENT_BYTES = 512 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

type Format = 'json-lines' | 'json-document' | 'protobuf';

/** Decodes `path` in chunks; memory stays bounded by the largest record, not the file. */
export async function* readOtlpFile(path: string): AsyncGenerator<FileBatch> {
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
  const stream: Readable =
    head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip({ chunkSize: CHUNK_BYTES })) : raw;
  let format: Format | undefined;
  let framer: Framer | undefined;
  let document: Buffer[] = [];
  let documentBytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!format) {
        format = detectFormat(chunk);
        framer =
          format === 'json-lines'
            ? new LineFramer()
            : format === 'protobuf'
              ? new ProtoFramer(detectProtoFraming(chunk))
              : undefined;
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
    if (framer) yield* decodeFrames(framer.end(), format!, framer, raw.bytesRead);
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
        problems: [{ line: null, offset: null, message: error.message }],
        bytesRead: raw.bytesRead,
      };
      return;
    }
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

/** JSON starts with `{` or `[` (after a BOM or blank space); a first line that is a whole value means JSON lines. */
function detectFormat(chunk: Buffer): Format {
  let i = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
  while (i < chunk.length && (chunk[i] === 0x20 || chunk[i] === 0x0a || chunk[i] === 0x0d || chunk[i] === 0x09)) i++;
  const first = chunk[i];
  if (first !== 0x7b && first !== 0x5b) return 'protobuf';
  const nl = chunk.indexOf(10, i);
  const line = chunk
    .subarray(i, nl === -1 ? chunk.length : nl)
    .toString('utf8')
    .trimEnd();
  const closes = (first === 0x7b && line.endsWith('}')) || (first === 0x5b && line.endsWith(']'));
  return closes ? 'json-lines' : 'json-document';
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x0d && byte !== 0x09) return false;
  return true;
}

async function peek(path: string): Promise<Buffer> {
  for await (const chunk of createReadStream(path, { start: 0, end: 1 }) as AsyncIterable<Buffer>) return chunk;
  return Buffer.alloc(0);
}

// Splits a byte stream into records without holding the whole file: JSON lines, and the three protobuf framings.
import { DecodeError } from './otlp-values';
import { ProtoReader } from './protobuf-wire';

/** One record of the stream: its bytes, its byte offset, and (for text) its 1-based line number. */
export type Frame = Readonly<{ bytes: Buffer; offset: number; line: number | null }>;

export interface Framer {
  /** Feeds the next chunk; returns the records it completed. */
  push(chunk: Buffer): Frame[];
  /** The stream ended: returns the last record, or throws when the stream stopped inside one. */
  end(): Frame[];
}

/** The largest single record (a JSON line or protobuf message) accepted, so one bad length cannot eat memory. */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** Newline-delimited records (OTLP JSON lines, as the Collector's file exporter writes). */
export class LineFramer implements Framer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private offset = 0;
  private line = 0;

  push(chunk: Buffer): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      const bytes = this.pending.length ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.pendingBytes = 0;
      this.line++;
      frames.push({ bytes, offset: this.offset, line: this.line });
      this.offset += bytes.length + 1;
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_FRAME_BYTES)
        throw new DecodeError(`line ${this.line + 1} is longer than ${MAX_FRAME_BYTES} bytes`);
      this.pending.push(chunk.subarray(start));
    }
    return frames;
  }

  end(): Frame[] {
    if (this.pending.length === 0) return [];
    const bytes = Buffer.concat(this.pending);
    this.pending = [];
    this.line++;
    return [{ bytes, offset: this.offset, line: this.line }];
  }
}

/** How the protobuf records are framed in a file. */
export type ProtoFraming =
  /** One ExportTraceServiceRequest: records are its top-level `resource_spans` fields (streamed). */
  | 'single'
  /** Varint length before each request (the OTel file-exporter spec's "delimited" messages). */
  | 'varint'
  /** A 4-byte big-endian length before each request (the Collector's fileexporter `format: proto`). */
  | 'uint32';

/**
 * Guesses the framing from the first bytes: a request starts with tag 0x0a, and read as one message the head is a
 * sequence of well-formed fields (unknown ones and groups included) up to where it was cut; a length prefix read as
 * fields breaks that sequence. A length cannot start with 0x00 sensibly.
 */
export function detectProtoFraming(head: Buffer): ProtoFraming {
  if (head[0] === 0x00) return 'uint32';
  if (head[0] !== 0x0a) return 'varint';
  const reader = new ProtoReader(head);
  try {
    while (!reader.done) {
      const tag = reader.varint();
      if (tag >>> 3 === 0) return 'varint';
      reader.skip(tag & 7);
    }
  } catch (error) {
    // The head ends inside a field: as far as it goes, it is one message.
    if (error instanceof DecodeError && /truncated|past the end/.test(error.message)) return 'single';
    return 'varint';
  }
  return 'single';
}

/** Frames protobuf records; in 'single' mode each record is one ResourceSpans payload. */
export class ProtoFramer implements Framer {
  private buffer: Buffer = Buffer.alloc(0);
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes needed before the next record is complete; chunks are only joined once they are all there. */
  private needed = 0;
  private consumed = 0;

  constructor(readonly framing: ProtoFraming) {}

  /** A broken record header: the records before it are handed out first, then this is thrown. */
  private broken: DecodeError | undefined;

  push(chunk: Buffer): Frame[] {
    if (this.broken) throw this.broken;
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.needed) return [];
    this.buffer = Buffer.concat([this.buffer, ...this.chunks]);
    this.chunks = [];
    const frames: Frame[] = [];
    let pos = 0;
    this.needed = 0;
    for (;;) {
      let header: [number, number] | undefined;
      try {
        header = this.header(pos);
        if (header && header[1] > MAX_FRAME_BYTES)
          throw new DecodeError(
            `a record of ${header[1]} bytes at byte ${this.consumed + pos} exceeds ${MAX_FRAME_BYTES}`,
          );
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        this.broken = new DecodeError(
          `${error.message}; the ${this.buffer.length - pos} bytes from byte ${this.consumed + pos} on were skipped`,
        );
        if (frames.length === 0) throw this.broken;
        break;
      }
      if (!header) break;
      const [payloadStart, length] = header;
      if (payloadStart + length > this.buffer.length) {
        this.needed = payloadStart + length - pos;
        break;
      }
      frames.push({
        bytes: this.buffer.subarray(payloadStart, payloadStart + length),
        offset: this.consumed + payloadStart,
        line: null,
      });
      pos = payloadStart + length;
    }
    this.consumed += pos;
    // Copy the remainder so the frames handed out do not pin the joined buffer longer than needed.
    this.buffer = Buffer.from(this.buffer.subarray(pos));
    this.size = this.buffer.length;
    return frames;
  }

  end(): Frame[] {
    if (this.broken) throw this.broken;
    if (this.size === 0 || this.endsWithOtherFields()) return [];
    throw new DecodeError(
      `the data ends inside a record that starts at byte ${this.consumed} (${this.size} bytes left over)`,
    );
  }

  /** In one request, whole fields other than resource_spans may follow the last record (unknown fields, groups). */
  private endsWithOtherFields(): boolean {
    if (this.framing !== 'single') return false;
    const rest = Buffer.concat([this.buffer, ...this.chunks]);
    const reader = new ProtoReader(rest, 0, rest.length, this.consumed);
    try {
      while (!reader.done) {
        const tag = reader.varint();
        if (tag === 0x0a) return false;
        reader.skip(tag & 7);
      }
      return true;
    } catch {
      return false;
    }
  }

  /** [payload start, payload length] of the record at `pos`, or undefined when its header is not complete yet. */
  private header(pos: number): [number, number] | undefined {
    const buf = this.buffer;
    if (pos >= buf.length) return undefined;
    if (this.framing === 'uint32') return pos + 4 <= buf.length ? [pos + 4, buf.readUInt32BE(pos)] : undefined;
    const reader = new ProtoReader(buf, pos, buf.length, this.consumed);
    try {
      if (this.framing === 'single') {
        for (;;) {
          const tag = reader.varint();
          if (tag === 0x0a) break;
          reader.skip(tag & 7);
          if (reader.done) return undefined;
        }
      }
      const length = reader.varint();
      return [reader.pos, length];
    } catch (error) {
      if (error instanceof DecodeError && /truncated|past the end/.test(error.message)) return undefined;
      throw error;
    }
  }
}

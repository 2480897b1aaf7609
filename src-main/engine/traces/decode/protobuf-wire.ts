// A small protobuf wire-format reader: varints, fixed64, length-delimited fields; just what OTLP traces use.
import { DecodeError } from './otlp-values';

export const WIRE = { varint: 0, fixed64: 1, len: 2, startGroup: 3, endGroup: 4, fixed32: 5 } as const;

const TWO_32 = 4294967296;

/** Reads one message's bytes; `base` is the buffer's offset in the file, so errors can name a byte offset. */
export class ProtoReader {
  pos: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
    readonly base = 0,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The absolute byte offset of the reader's position. */
  get offset(): number {
    return this.base + this.pos;
  }

  fail(message: string): never {
    throw new DecodeError(`${message} at byte ${this.offset}`);
  }

  /** A varint up to 2^53 (lengths, tags, enums, counts). */
  varint(): number {
    let result = 0;
    let multiplier = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) this.fail('truncated varint');
      const byte = this.buf[this.pos++]!;
      result += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return result;
      multiplier *= 128;
    }
    return this.fail('malformed varint');
  }

  /** A varint as a signed 64-bit value (int64 is two's complement). */
  varint64(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) this.fail('truncated varint');
      const byte = this.buf[this.pos++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return BigInt.asIntN(64, result);
      shift += 7n;
    }
    return this.fail('malformed varint');
  }

  /** A fixed64 as a decimal string: nanosecond times never pass through a JS number. */
  fixed64String(): string {
    this.need(8);
    const lo = this.buf.readUInt32LE(this.pos);
    const hi = this.buf.readUInt32LE(this.pos + 4);
    this.pos += 8;
    if (hi < 0x200000) return String(hi * TWO_32 + lo);
    return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
  }

  double(): number {
    this.need(8);
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  fixed32(): number {
    this.need(4);
    const value = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return value;
  }

  /** The bounds of a length-delimited field's payload; the reader moves past it. */
  span(): [number, number] {
    const length = this.varint();
    this.need(length);
    const start = this.pos;
    this.pos += length;
    return [start, this.pos];
  }

  string(): string {
    const [start, end] = this.span();
    return this.buf.toString('utf8', start, end);
  }

  bytes(): Buffer {
    const [start, end] = this.span();
    return this.buf.subarray(start, end);
  }

  /** A reader over a nested message's payload. */
  nested(): ProtoReader {
    const [start, end] = this.span();
    return new ProtoReader(this.buf, start, end, this.base);
  }

  /** Skips a field this decoder does not need (unknown fields must be ignored). */
  skip(wireType: number): void {
    if (wireType === WIRE.varint) this.varint64();
    else if (wireType === WIRE.fixed64) this.advance(8);
    else if (wireType === WIRE.len) this.span();
    else if (wireType === WIRE.fixed32) this.advance(4);
    else if (wireType === WIRE.startGroup) this.skipGroup();
    else this.fail(`unsupported wire type ${wireType}`);
  }

  /** Skips a proto2 group (deprecated, still legal on the wire) up to its end tag, nested groups included. */
  private skipGroup(): void {
    let depth = 1;
    while (depth > 0) {
      const wireType = this.varint() & 7;
      if (wireType === WIRE.startGroup) depth++;
      else if (wireType === WIRE.endGroup) depth--;
      else this.skip(wireType);
    }
  }

  private advance(count: number): void {
    this.need(count);
    this.pos += count;
  }

  private need(count: number): void {
    if (this.pos + count > this.end) this.fail(`field runs past the end of its message (${count} bytes needed)`);
  }
}

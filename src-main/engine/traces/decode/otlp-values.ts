// Encoding rules shared by the OTLP decoders: ids as lowercase hex, 64-bit times as strings, AnyValue as plain JSON.
import type { AttrValue, Attrs } from '../span';

/** A value that breaks an encoding rule; the decoder adds where it was found. */
export class DecodeError extends Error {}

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * An id as lowercase hex. OTLP/JSON writes hex (case-insensitive); the generic proto3 JSON mapping writes
 * base64, which some exporters still do. The lengths cannot collide: 16 bytes are 32 hex or 24 base64 chars.
 * Returns null for an absent or empty id (a root span's parent).
 */
export function hexId(raw: unknown, bytes: 8 | 16, field: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw new DecodeError(`${field} must be a string, got ${typeof raw}`);
  let hex: string;
  if (raw.length === bytes * 2 && HEX.test(raw)) hex = raw.toLowerCase();
  else if (raw.length === Math.ceil(bytes / 3) * 4 && BASE64.test(raw))
    hex = Buffer.from(raw, 'base64').toString('hex');
  else
    throw new DecodeError(
      `${field} "${raw.slice(0, 40)}" is neither ${bytes * 2} hex digits nor base64 of ${bytes} bytes`,
    );
  if (hex.length !== bytes * 2) throw new DecodeError(`${field} "${raw}" does not decode to ${bytes} bytes`);
  if (/^0+$/.test(hex)) throw new DecodeError(`${field} is all zeros, which OTLP forbids`);
  return hex;
}

/** Raw id bytes (protobuf) as lowercase hex; empty means absent. */
export function hexIdFromBytes(bytes: Uint8Array, size: 8 | 16, field: string): string | null {
  if (bytes.length === 0) return null;
  if (bytes.length !== size) throw new DecodeError(`${field} has ${bytes.length} bytes, expected ${size}`);
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
  if (/^0+$/.test(hex)) throw new DecodeError(`${field} is all zeros, which OTLP forbids`);
  return hex;
}

const DIGITS = /^\d{1,20}$/;

/** A fixed64 nanosecond time: a decimal string (or, leniently, a JSON number) kept as a string. */
export function nanos(raw: unknown, field: string): string {
  if (raw === undefined || raw === null) return '0';
  if (typeof raw === 'string' && DIGITS.test(raw)) return raw.replace(/^0+(?=\d)/, '');
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) return BigInt(raw).toString();
  throw new DecodeError(`${field} must be a decimal string of nanoseconds, got ${JSON.stringify(raw).slice(0, 40)}`);
}

/** A 64-bit integer attribute: a number when it is exact in JS, else its decimal string. */
export function int64(raw: string | number | bigint): number | string {
  if (typeof raw === 'number') return raw;
  // 15 characters hold at most 15 digits, always exact as a number: no BigInt for the token counts of every span.
  if (typeof raw === 'string' && raw.length <= 15) return Number(raw);
  const big = typeof raw === 'bigint' ? raw : BigInt(raw);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(big)
    : big.toString();
}

type JsonAnyValue = Readonly<Record<string, unknown>>;

/** OTLP/JSON AnyValue to plain JSON; `{}` is the empty value (null). */
export function anyValue(raw: unknown, field: string): AttrValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new DecodeError(`${field} must be an AnyValue object`);
  const value = raw as JsonAnyValue;
  if ('stringValue' in value) return String(value.stringValue);
  if ('boolValue' in value) return value.boolValue === true || value.boolValue === 'true';
  if ('intValue' in value) {
    const int = value.intValue;
    if (typeof int === 'number' || (typeof int === 'string' && /^-?\d+$/.test(int))) return int64(int);
    throw new DecodeError(`${field}.intValue must be an integer, got ${JSON.stringify(int)}`);
  }
  if ('doubleValue' in value)
    return typeof value.doubleValue === 'number' ? value.doubleValue : Number(value.doubleValue);
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: unknown[] } | null)?.values ?? [];
    return values.map((item, index) => anyValue(item, `${field}.arrayValue.values[${index}]`));
  }
  if ('kvlistValue' in value)
    return keyValues((value.kvlistValue as { values?: unknown } | null)?.values, `${field}.kvlistValue`);
  if ('bytesValue' in value) return String(value.bytesValue);
  return null;
}

/**
 * A list of OTLP/JSON KeyValue to a plain object (later keys win, as in the SDKs). With `drop`, a bad attribute is
 * left out and reported to it, and the rest are kept; without, it fails the whole list (inside a kvlistValue).
 */
export function keyValues(raw: unknown, field: string, drop?: (message: string) => void): Attrs {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw)) throw new DecodeError(`${field} must be a list of {key, value}`);
  const out: Attrs = {};
  for (let i = 0; i < raw.length; i++) {
    const kv = raw[i] as { key?: unknown; value?: unknown } | null;
    try {
      if (!kv || typeof kv.key !== 'string') throw new DecodeError(`${field}[${i}] has no string key`);
      out[kv.key] = anyValue(kv.value, `${field}[${i}].value`);
    } catch (error) {
      if (!drop || !(error instanceof DecodeError)) throw error;
      drop(`${error.message}; the attribute was dropped, the rest kept`);
    }
  }
  return out;
}

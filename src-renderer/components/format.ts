// Number and time formatting used across screens (tabular, predictable, locale-neutral).
export const pct = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(digits)}%`;
export const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** Joins words with no-break spaces, so "2 min ago" or "1m 05s" never wraps mid-value in a narrow column. */
const unbroken = (text: string) => text.replaceAll(' ', '\u00a0');

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const s = Math.round(ms / 1000);
  if (s < 1) return unbroken('under 1s');
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return unbroken(
    m < 60 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`,
  );
}

export function ago(epochMs: number | null | undefined, now = Date.now()): string {
  if (!epochMs) return '—';
  const minutes = Math.round((now - epochMs) / 60000);
  if (minutes < 1) return unbroken('just now');
  if (minutes < 60) return unbroken(`${minutes} min ago`);
  const hours = Math.round(minutes / 60);
  return unbroken(hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`);
}

/** A signed delta with an arrow, so the direction is never told by colour alone. */
export function delta(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  if (Math.abs(value) < 10 ** -digits / 2) return '±0';
  return `${value > 0 ? '▲ +' : '▼ '}${value.toFixed(digits)}`;
}

/** A count with thousands separators: 1,048,576 (no Intl: its first use costs tens of ms of start-up). */
export const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A file size for people: 812 B, 14.2 KB, 3.1 MB. */
export function bytes(count: number): string {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KB`;
  return `${(count / 1024 / 1024).toFixed(1)} MB`;
}

/** Above this many characters a JSON string is shown as it came: parsing it again would hold up the page. */
const PRETTY_JSON_MAX_CHARS = 100_000;

/**
 * JSON indented two spaces; a string that holds JSON (a tool result) is parsed first, any other string (or one too
 * long to re-indent at once) is kept.
 */
export function prettyJson(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2) ?? String(value);
  const text = value.trim();
  if (text.length > PRETTY_JSON_MAX_CHARS || !/^[[{]/.test(text)) return value;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return value;
  }
}

/** An id cut after each `_`, `-`, `.`, `:` or `/`, where a line may break; a part never breaks inside. */
export const idParts = (id: string): string[] => id.match(/[^_\-.:/]*[_\-.:/]|[^_\-.:/]+$/g) ?? [id];

// `--since WHEN`: an ISO date or date-time, epoch seconds, or a relative span such as -7d, -12h, -30m, -2w.

import { RpcError } from '../rpc/wire';

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Epoch milliseconds of WHEN relative to `now`; throws with the accepted forms when WHEN is none of them. */
export function parseSince(text: string, now: number): number {
  const value = text.trim();
  const relative = /^-(\d+)([mhdw])$/.exec(value);
  if (relative) return now - Number(relative[1]) * (UNIT_MS[relative[2] as string] as number);
  if (/^\d{9,11}(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return ms;
  }
  throw new RpcError(
    'bad_input',
    `--since "${text}" is not a date: give an ISO date (2026-03-01), epoch seconds (1772323200) or a span (-7d, -12h, -30m, -2w)`,
  );
}

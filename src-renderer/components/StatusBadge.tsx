// A status shown the same way everywhere: colour plus an icon and a word, never colour alone.
import type { Status } from './status';

export type { Status };

const LOOK: Record<Status, readonly [string, string, string]> = {
  pass: ['pass', '✓', 'pass'],
  fail: ['fail', '✕', 'fail'],
  degraded: ['degraded', '!', 'degraded'],
  error: ['fail', '!', 'error'],
  skipped: ['', '–', 'skipped'],
  unscored: ['', '–', 'unscored'],
  running: ['accent', '◔', 'running'],
  pending: ['', '…', 'pending'],
  cancelled: ['', '■', 'cancelled'],
};

/** The status's icon alone (a text glyph, no emoji font needed), for marks beside a number or on a button. */
export const statusIcon = (status: Status): string => LOOK[status][1];

export function StatusBadge({ status, label }: { status: Status; label?: string }) {
  const [tone, icon, word] = LOOK[status];
  return (
    <span className={`badge ${tone}`} data-status={status}>
      <span aria-hidden="true">{icon}</span> {label ?? word}
    </span>
  );
}

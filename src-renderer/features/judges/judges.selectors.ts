// Pure selectors for the judges screen.
import type { TrustState } from '../../../src-shared/model';
import type { Status } from '../../components/status';

/** How a trust state is shown: trusted is a pass, failing a fail, the rest need attention. */
export function trustLook(state: TrustState): Readonly<{ status: Status; label: string }> {
  switch (state) {
    case 'trusted':
      return { status: 'pass', label: 'trusted' };
    case 'failing':
      return { status: 'fail', label: 'failing' };
    case 'stale':
      return { status: 'degraded', label: 'stale' };
    case 'insufficient':
      return { status: 'degraded', label: 'insufficient labels' };
    case 'unvalidated':
      return { status: 'skipped', label: 'unvalidated' };
  }
}

/** A rate with its interval, e.g. `92% [80%, 97%]`; a dash when the class has no labels. */
export function rateWithInterval(rate: number | null, ci: readonly [number, number] | null): string {
  if (rate === null) return '—';
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return ci ? `${pct(rate)} [${pct(ci[0])}, ${pct(ci[1])}]` : pct(rate);
}

const SEVERITY: readonly TrustState[] = ['failing', 'stale', 'insufficient', 'unvalidated', 'trusted'];

/** The least trusted state among a target's judges (for the portfolio badge); undefined when it has no judge. */
export function weakestTrust(
  graderIds: readonly string[],
  trust: Readonly<Record<string, { state: TrustState }>>,
): TrustState | undefined {
  const states = graderIds.map((id) => trust[id]?.state).filter((state): state is TrustState => state !== undefined);
  return SEVERITY.find((state) => states.includes(state));
}

// Composite reads several screens share: the dashboard summary with each target's sparkline history.
import type { HistoryPoint } from '../../src-shared/model';
import { api } from './client';

/** The dashboard summary (its week cards of one target, if given) with every target's last 20 complete runs. */
export async function fetchHealth(targetId?: string) {
  const summary = await api['dashboard.summary']({ targetId });
  const histories = await Promise.all(
    summary.targets.map((t) => api['targets.history']({ targetId: t.targetId, limit: 20 })),
  );
  const history: Record<string, HistoryPoint[]> = Object.fromEntries(
    summary.targets.map((t, i) => [t.targetId, histories[i] ?? []]),
  );
  return { summary, history };
}

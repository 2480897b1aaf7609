// Composite reads several screens share: the dashboard summary with each target's sparkline history.
import type { HistoryPoint } from '../../src-shared/model';
import { api } from './client';

export async function fetchHealth() {
  const summary = await api['dashboard.summary']({});
  const histories = await Promise.all(
    summary.targets.map((t) => api['targets.history']({ targetId: t.targetId, limit: 20 })),
  );
  const history: Record<string, HistoryPoint[]> = Object.fromEntries(
    summary.targets.map((t, i) => [t.targetId, histories[i] ?? []]),
  );
  return { summary, history };
}

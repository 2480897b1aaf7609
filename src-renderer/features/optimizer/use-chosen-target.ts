// The target a compare screen is on, read once it is chosen; its prompt and model seed the first column.
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';

export function useChosenTarget(targetId: string | undefined) {
  return useQuery(async () => (targetId ? api['targets.get']({ id: targetId }) : undefined), [targetId]).data;
}

// The one place judge events feed the judges store: label files changed on disk refresh the judges and gold sets.
import { api } from '../../api/client';
import { useJudges } from './judges.store';

export function startJudgesEvents(): () => void {
  return api.on('judges.goldSetChanged', ({ graders }) => useJudges.getState().goldSetChanged(graders));
}

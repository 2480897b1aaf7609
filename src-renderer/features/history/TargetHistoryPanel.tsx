// A target's history on its results page: what changed and its tags over time, read again when a run is added; a
// tag's chart narrows the list to its questions.
import { useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { TagsOverTime } from './TagsOverTime';
import { WhatChanged } from './WhatChanged';

/** `runsTotal` is the target's run count: when a run finishes it grows and the history is read again. */
export function TargetHistoryPanel({ targetId, runsTotal }: { targetId: string; runsTotal: number }) {
  const { data: history, error } = useQuery(() => api['history.target']({ targetId }), [targetId, runsTotal]);
  const [tag, setTag] = useState<string | null>(null);
  if (error)
    return (
      <div className="banner error">
        The history of {targetId} could not be read: {error}
      </div>
    );
  if (!history) return <section className="card muted">Reading the history of {targetId}…</section>;
  return (
    <>
      <WhatChanged history={history} tag={tag} onTagChosen={setTag} />
      <TagsOverTime history={history} tag={tag} onTagChosen={setTag} />
    </>
  );
}

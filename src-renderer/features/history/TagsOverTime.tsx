// Tags over time: one small chart per tag (pass rate per run in its Wilson band), the tags that moved named first;
// each chart's button narrows the "what changed" list to the tag's questions.
import type { TargetHistory } from '../../../src-shared/model';
import { TagChart } from './TagChart';
import { changedPerTag, movedTagsSentence, tagsMovedFirst } from './history.selectors';

export function TagsOverTime({
  history,
  tag: chosen,
  onTagChosen,
}: {
  history: TargetHistory;
  tag: string | null;
  onTagChosen(tag: string | null): void;
}) {
  if (history.runs.length < 2 || history.tags.length === 0) return null;
  const moved = movedTagsSentence(history.tags);
  const changed = changedPerTag(history.questions);
  return (
    <section className="card tags-over-time" data-testid="tags-over-time">
      <div className="card-title">
        <h2>Tags over time</h2>
        <span className="muted">pass rate per run, shaded: its 95% Wilson interval</span>
      </div>
      <p data-testid="tags-moved">
        {moved ? (
          <>
            Moved beyond noise: <strong>{moved}</strong>.
          </>
        ) : (
          'No tag moved beyond noise.'
        )}
      </p>
      <div className="tag-multiples">
        {tagsMovedFirst(history.tags).map((tag) => (
          <TagChart
            key={tag.tag}
            tag={tag}
            changed={changed.get(tag.tag) ?? 0}
            chosen={chosen === tag.tag}
            onChoose={() => onTagChosen(chosen === tag.tag ? null : tag.tag)}
          />
        ))}
      </div>
    </section>
  );
}

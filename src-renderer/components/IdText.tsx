// An id (a question's, a run's) that may wrap only after its separators ("fee_two_|books"), never inside a word.
import { Fragment } from 'react';
import { idParts } from './format';

export function IdText({ id, className }: { id: string; className?: string }) {
  return (
    <span className={`id-text ${className ?? ''}`}>
      {idParts(id).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

// A term of art with its glossary definition on hover or focus, and a link to the glossary page.
import { useId, useState, type ReactNode } from 'react';
import { hrefFor } from '../navigation/router';
import { GLOSSARY, termsInText, type TermId } from './glossary';

const TIP_WIDTH = 320;

/**
 * The tip is position: fixed, placed from the word's box, so a table or a scrolling panel around the word never
 * clips it; it stays open while the pointer moves from the word onto it (to follow the link).
 */
export function Term({ id, children }: { id: TermId; children?: ReactNode }) {
  const entry = GLOSSARY[id];
  const tipId = useId();
  const [at, setAt] = useState<{ left: number; top: number }>();
  const open = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    setAt({ left: Math.max(8, Math.min(box.left, window.innerWidth - TIP_WIDTH - 8)), top: box.bottom });
  };
  return (
    <span
      className="term"
      data-testid={`term-${id}`}
      onMouseEnter={(event) => open(event.currentTarget)}
      onMouseLeave={() => setAt(undefined)}
      onFocus={(event) => open(event.currentTarget)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setAt(undefined);
      }}
    >
      <span className="term-word" tabIndex={0} aria-describedby={tipId}>
        {children ?? entry.term}
      </span>
      <span
        role="tooltip"
        id={tipId}
        className="term-tip"
        hidden={at === undefined}
        style={at && { left: at.left, top: at.top, width: TIP_WIDTH }}
        data-testid={`term-tip-${id}`}
      >
        {entry.short}{' '}
        <a href={hrefFor('glossary', id)} tabIndex={at ? 0 : -1}>
          Glossary
        </a>
      </span>
    </span>
  );
}

/** Free text (a grader's reason, a check line) with the terms of art in it linked to their definitions. */
export function TextWithTerms({ text }: { text: string }) {
  return (
    <>
      {termsInText(text).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Term key={index} id={part.term}>
            {part.text}
          </Term>
        ),
      )}
    </>
  );
}

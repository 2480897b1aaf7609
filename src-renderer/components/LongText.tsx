// Text of any length (an answer, a tool result, a transcript turn) shown without holding the page: a bounded first
// part, then "show all", which adds the rest a few blocks at a time in blocks the browser lays out only on screen.
import { useEffect, useMemo, useState } from 'react';
import { count } from './format';
import { BLOCK_CHARS, MARKDOWN_MAX_CHARS, blocksOf, firstPartEnd } from './long-text';
import { Markdown } from './Markdown';

/** Blocks added per step of "show all"; each step is one task, so the page answers between steps. */
const BLOCKS_PER_STEP = 2;

/** The whole text as blocks, added BLOCKS_PER_STEP at a time after each paint. */
function Blocks({ text }: { text: string }) {
  const blocks = useMemo(() => blocksOf(text), [text]);
  const [shown, setShown] = useState(BLOCKS_PER_STEP);
  useEffect(() => {
    if (shown >= blocks.length) return;
    const timer = setTimeout(() => setShown((n) => n + BLOCKS_PER_STEP), 0);
    return () => clearTimeout(timer);
  }, [shown, blocks.length]);
  return (
    <>
      {blocks.slice(0, shown).map((block, index) => (
        <div key={index} className="long-text-block lazy">
          {block}
        </div>
      ))}
      {shown < blocks.length && (
        <p className="muted" role="status">
          Showing {count(Math.min(shown * BLOCK_CHARS, text.length))} of {count(text.length)} characters…
        </p>
      )}
    </>
  );
}

function Part({ text, markdown }: { text: string; markdown: boolean }) {
  return markdown ? <Markdown text={text} /> : <div className="long-text-block">{text}</div>;
}

export function LongText({
  text,
  markdown = false,
  testId,
  className,
}: {
  text: string;
  /** Model output: formatted as sanitised markdown while it is short enough to format at once. */
  markdown?: boolean;
  testId?: string;
  /** Classes of the text's box ("show all" sits below it, outside any scrolling it sets). */
  className?: string;
}) {
  const end = useMemo(() => firstPartEnd(text), [text]);
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [text]);
  const cut = end < text.length && !all;
  const formatted = markdown && (cut || text.length <= MARKDOWN_MAX_CHARS);
  return (
    <div className="long-text" data-testid={testId}>
      <div className={className}>
        {cut ? (
          <Part text={text.slice(0, end)} markdown={markdown} />
        ) : formatted || text.length <= BLOCK_CHARS ? (
          <Part text={text} markdown={formatted} />
        ) : (
          <Blocks text={text} />
        )}
      </div>
      {cut ? (
        <p className="long-text-more muted">
          Showing the first {count(end)} of {count(text.length)} characters.{' '}
          <button type="button" className="button small" onClick={() => setAll(true)} data-testid="show-all">
            Show all ({count(text.length)} characters)
          </button>
        </p>
      ) : (
        end < text.length && (
          <p className="long-text-more muted">
            {markdown && !formatted && 'Shown as plain text: an answer this long is not formatted. '}
            <button type="button" className="button small" onClick={() => setAll(false)} data-testid="show-less">
              Show less
            </button>
          </p>
        )
      )}
    </div>
  );
}

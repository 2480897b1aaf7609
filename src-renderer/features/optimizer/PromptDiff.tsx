// The baseline and candidate prompts side by side in Monaco's diff editor, read-only; its theme follows the OS.
import { useEffect, useRef } from 'react';
import { monaco } from '../../components/monaco/monaco-setup';

const LINE_PX = 19;
/** About how many characters fit on a line of one side before it wraps. */
const WRAP_CHARS = 60;

const visualLines = (text: string) =>
  text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / WRAP_CHARS)), 0);

/** Tall enough for the longer prompt with its wrapped lines, between 120 and 520 pixels (it scrolls beyond). */
const heightFor = (a: string, b: string) =>
  Math.min(520, Math.max(120, Math.max(visualLines(a), visualLines(b)) * LINE_PX + 24));

export function PromptDiff({ original, modified }: { original: string; modified: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const editor = monaco.editor.createDiffEditor(host.current!, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      wordWrap: 'on',
      diffWordWrap: 'on',
      scrollBeyondLastLine: false,
      renderOverviewRuler: false,
      fontSize: 13,
      ariaLabel: 'Baseline prompt (left) and candidate prompt (right)',
    });
    const before = monaco.editor.createModel(original, 'plaintext');
    const after = monaco.editor.createModel(modified, 'plaintext');
    editor.setModel({ original: before, modified: after });
    return () => {
      editor.dispose();
      before.dispose();
      after.dispose();
    };
  }, [original, modified]);
  return (
    <div>
      <div className="diff-legend">
        <span>Baseline (aieval.yaml when measured)</span>
        <span>Candidate</span>
      </div>
      <div
        ref={host}
        className="prompt-diff"
        style={{ height: heightFor(original, modified) }}
        data-testid="prompt-diff"
      />
    </div>
  );
}

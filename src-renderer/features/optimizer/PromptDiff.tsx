// The baseline and candidate prompts side by side in Monaco's diff editor, read-only; its theme follows the OS.
import { useEffect, useRef } from 'react';
import { monaco } from '../../components/monaco/monaco-setup';

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
      <div ref={host} className="prompt-diff" data-testid="prompt-diff" />
    </div>
  );
}

// A Monaco YAML editor bound to one workspace file: schema validation, completion, hover, server issues, Ctrl/Cmd+S.
import { useEffect, useRef } from 'react';
import type { WorkspaceIssue } from '../../../src-shared/model';
import { monaco } from './monaco-setup';

export type EditorMarker = Readonly<{
  line: number;
  column: number;
  message: string;
  source: string;
  severity: 'error' | 'warning';
}>;

type Props = Readonly<{
  file: string;
  value: string;
  serverIssues: readonly WorkspaceIssue[];
  onChange(text: string): void;
  onSave(): void;
  onMarkers(markers: EditorMarker[]): void;
  revealLine?: number;
}>;

/**
 * The problems to list: ai-eval's (the words `ai-eval validate` prints) and the schema's only on lines ai-eval says
 * nothing about, so one mistake is one problem rather than an error and a schema warning repeating it.
 */
function problemsOf(markers: readonly monaco.editor.IMarker[]): EditorMarker[] {
  const ours = new Set(markers.filter((marker) => marker.owner === 'aieval').map((marker) => marker.startLineNumber));
  return markers
    .filter((marker) => marker.owner === 'aieval' || !ours.has(marker.startLineNumber))
    .map((marker) => ({
      line: marker.startLineNumber,
      column: marker.startColumn,
      message: marker.message,
      source: marker.owner === 'aieval' ? 'ai-eval' : 'schema',
      severity: marker.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
    }));
}

export function YamlEditor({ file, value, serverIssues, onChange, onSave, onMarkers, revealLine }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const callbacks = useRef({ onChange, onSave, onMarkers });
  callbacks.current = { onChange, onSave, onMarkers };

  useEffect(() => {
    const uri = monaco.Uri.parse(`file:///workspace/${file}`);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(value, 'yaml', uri);
    model.setValue(value);
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      scrollBeyondLastLine: false,
      renderWhitespace: 'selection',
      quickSuggestions: { other: true, comments: false, strings: true },
    });
    editorRef.current = editor;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => callbacks.current.onSave());
    const changes = model.onDidChangeContent(() => callbacks.current.onChange(model.getValue()));
    const markers = monaco.editor.onDidChangeMarkers((uris) => {
      if (!uris.some((changed) => changed.toString() === uri.toString())) return;
      callbacks.current.onMarkers(problemsOf(monaco.editor.getModelMarkers({ resource: uri })));
    });
    return () => {
      changes.dispose();
      markers.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
    // The model is created once per file; later `value` changes come from the editor itself.
  }, [file]);

  // Edits made outside the editor (the question table) arrive as a new value: apply them as one undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || model.getValue() === value) return;
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      'aieval',
      serverIssues.map((issue) => ({
        startLineNumber: issue.line,
        startColumn: issue.column,
        endLineNumber: issue.line,
        endColumn: model.getLineMaxColumn(Math.min(issue.line, model.getLineCount())),
        message: issue.message,
        severity: issue.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      })),
    );
  }, [serverIssues]);

  useEffect(() => {
    if (!revealLine || !editorRef.current) return;
    editorRef.current.revealLineInCenter(revealLine);
    editorRef.current.setPosition({ lineNumber: revealLine, column: 1 });
    editorRef.current.focus();
  }, [revealLine]);

  return <div ref={host} className="yaml-editor" data-testid="yaml-editor" />;
}

// Unsaved work: the editors on screen register here, so leaving a dirty screen asks, Ctrl/Cmd+S saves the current
// editor wherever the focus is, and the browser asks before a dirty page is closed or reloaded.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { DesktopWindowBridge } from '../../src-shared/rpc/wire';
import { forceNavigate, setNavigationGuard } from './router';
import type { ScreenName } from './screens';

declare global {
  interface Window {
    evalWindow?: DesktopWindowBridge;
  }
}

export type UnsavedEditor = Readonly<{
  /** The route screen the editor lives on (its navigation item shows the dirty mark). */
  screen: ScreenName;
  /** What is unsaved, in words: a file or a form ("datasets/helpdesk.yaml", "Settings"). */
  label: string;
  isDirty(): boolean;
  save(): Promise<void>;
  discard(): void;
}>;

type Registered = UnsavedEditor & { dirty: boolean };
type UnsavedState = {
  editors: Readonly<Record<string, Registered>>;
  /** A navigation held back while the user decides what happens to a dirty editor. */
  pending: Readonly<{ to: string; editor: Registered }> | undefined;
};

export const useUnsaved = create<UnsavedState>(() => ({ editors: {}, pending: undefined }));

const registered = () => Object.values(useUnsaved.getState().editors);
// Asked live, not from the last render: an action that just discarded (Cancel) leaves without a question.
const dirtyEditor = () => registered().find((editor) => editor.isDirty());

/** The screens with unsaved work, as one string so selectors stay stable (`datasets,settings`). */
export const dirtyScreens = (state: UnsavedState): string =>
  Object.values(state.editors)
    .filter((editor) => editor.dirty)
    .map((editor) => editor.screen)
    .join(',');

/** Registers the calling screen's editor while it is mounted; `dirty` is its current unsaved state. */
export function useUnsavedEditor(key: string, dirty: boolean, editor: UnsavedEditor): void {
  const latest = useRef(editor);
  latest.current = editor;
  useEffect(() => {
    const delegate: Registered = {
      screen: latest.current.screen,
      label: latest.current.label,
      dirty,
      isDirty: () => latest.current.isDirty(),
      save: () => latest.current.save(),
      discard: () => latest.current.discard(),
    };
    useUnsaved.setState((state) => ({ editors: { ...state.editors, [key]: delegate } }));
  }, [key, dirty, editor.label, editor.screen]);
  useEffect(
    () => () =>
      useUnsaved.setState((state) => {
        const { [key]: _gone, ...rest } = state.editors;
        return { editors: rest };
      }),
    [key],
  );
}

/** The choice in the leave prompt: save then go, discard then go, or stay. */
export async function leaveDecided(choice: 'save' | 'discard' | 'stay'): Promise<void> {
  const pending = useUnsaved.getState().pending;
  useUnsaved.setState({ pending: undefined });
  if (!pending || choice === 'stay') return;
  if (choice === 'save') {
    await pending.editor.save();
    if (pending.editor.isDirty()) return; // the save failed or was refused: the editor says why, the user stays
  } else pending.editor.discard();
  forceNavigate(pending.to);
}

function onKeyDown(event: KeyboardEvent): void {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
  const editor = registered()[0];
  if (!editor) return;
  // Captured before any field (Monaco included) sees it, so the shortcut works wherever the focus is.
  event.preventDefault();
  event.stopPropagation();
  void editor.save();
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!dirtyEditor()) return;
  event.preventDefault();
  event.returnValue = '';
}

/** Saves every dirty editor; true when nothing is left unsaved (a refused save leaves its editor dirty). */
export async function saveAllEditors(): Promise<boolean> {
  for (const editor of registered()) if (editor.isDirty()) await editor.save();
  return dirtyEditor() === undefined;
}

/** Keeps the desktop window's close question informed, and saves when the user answers Save there. */
function connectDesktopWindow(desktop: DesktopWindowBridge): () => void {
  const report = () =>
    desktop.dirtyChanged(
      registered()
        .filter((editor) => editor.dirty)
        .map((editor) => editor.label),
    );
  const offState = useUnsaved.subscribe(report);
  const offSave = desktop.onSaveRequested(() => saveAllEditors().catch(() => false));
  return () => {
    offState();
    offSave();
  };
}

/** Installs the guards once for the app's lifetime; returns their removal. */
export function installUnsavedGuards(): () => void {
  setNavigationGuard((to) => {
    const editor = dirtyEditor();
    if (!editor) return true;
    useUnsaved.setState({ pending: { to, editor } });
    return false;
  });
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('beforeunload', onBeforeUnload);
  const offTitle = useUnsaved.subscribe((state) => {
    const base = document.title.replace(/^● /, '');
    document.title = dirtyScreens(state) ? `● ${base}` : base;
  });
  const offDesktop = window.evalWindow ? connectDesktopWindow(window.evalWindow) : () => undefined;
  return () => {
    offDesktop();
    setNavigationGuard(undefined);
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('beforeunload', onBeforeUnload);
    offTitle();
  };
}

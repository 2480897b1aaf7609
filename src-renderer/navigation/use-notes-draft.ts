// Notes typed into a label (trace labeling, a result's annotation) as unsaved work until they are saved: the dirty
// mark, the navigation's ●, the leave prompt, beforeunload and Ctrl/Cmd+S treat them like any other editor.
import { useEffect, useRef, useState } from 'react';
import type { ScreenName } from './screens';
import { useUnsaved, useUnsavedEditor } from './unsaved.store';

type Options = Readonly<{
  /** Unique among the editors on screen (`label-notes`, `annotation-12`). */
  key: string;
  screen: ScreenName;
  /** What holds the notes, in words, for the leave prompt ("The notes of this trace"). */
  label: string;
  /** The notes as stored; the draft follows them whenever they change. */
  saved: string;
  store(notes: string): Promise<void>;
  /** Shows why storing failed; the notes stay unsaved (and the leave prompt keeps the user on the screen). */
  failed(reason: unknown): void;
}>;

export function useNotesDraft({ key, screen, label, saved, store, failed }: Options) {
  const [notes, setNotes] = useState(saved);
  useEffect(() => setNotes(saved), [saved]);
  const latest = useRef({ notes, saved });
  latest.current = { notes, saved };
  // The text of a save still on its way: leaving right after a blur started it is not unsaved work.
  const storing = useRef<string>(undefined);
  const isDirty = () => latest.current.notes !== latest.current.saved && latest.current.notes !== storing.current;
  const save = async () => {
    if (!isDirty()) return;
    const text = latest.current.notes;
    storing.current = text;
    try {
      await store(text);
      // Stored: not dirty from now on, even before the next render brings the stored notes in.
      latest.current = { ...latest.current, saved: text };
    } catch (reason) {
      failed(reason);
    } finally {
      storing.current = undefined;
    }
  };
  const dirty = notes !== saved;
  useUnsavedEditor(key, dirty, { screen, label, isDirty, save, discard: () => setNotes(latest.current.saved) });
  // A blur stores the notes, except the one the leave prompt causes by taking the focus: the user is deciding.
  const blurred = () => void (useUnsaved.getState().pending ? undefined : save());
  return { notes, setNotes, dirty, save, blurred };
}

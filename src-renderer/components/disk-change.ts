// What an open editor does when its file may have changed on disk: nothing, follow the file, or offer reload/compare.
import { useEffect, useRef } from 'react';
import { stringify } from 'yaml';
import { api } from '../api/client';

/** The workspace file the target form and settings edit, as the workspace watcher names it. */
export const CONFIG_FILE = 'aieval.yaml';

export type DiskChangeOutcome = 'unchanged' | 'follow' | 'offer';

/** An unedited editor follows the file silently; an edited one keeps its edits and is offered the file on disk. */
export function diskChangeOutcome(sameAsLoaded: boolean, dirty: boolean): DiskChangeOutcome {
  if (sameAsLoaded) return 'unchanged';
  return dirty ? 'offer' : 'follow';
}

/** A form's content as YAML lines, so the comparison with the file on disk reads field by field. */
export const comparableText = (form: unknown): string => stringify(form, { lineWidth: 0 });

/**
 * Calls `check` while mounted whenever the workspace watcher reports `file` changed, and when the window gains the
 * focus again (a folder the watcher cannot watch is still noticed).
 */
export function useDiskWatch(file: string | undefined, check: () => void): void {
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!file) return;
    const run = () => latest.current();
    const off = api.on('workspace.changed', (changed) => changed.file === file && run());
    window.addEventListener('focus', run);
    return () => {
      off();
      window.removeEventListener('focus', run);
    };
  }, [file]);
}

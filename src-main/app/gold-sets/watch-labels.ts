// Notices label files changed on disk (a `git pull`, an editor, another ai-eval): calls back once a burst settles.
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR } from '../../../src-shared/model';
import { goldSetFolders } from '../../workspace/labels/gold-set-files';

const SETTLE_MS = 150;

/** The folders that hold label files: the workspace (for labels/ to appear), labels/ and each judge's folders. */
const foldersOf = (dir: string): string[] => [
  '',
  LABELS_DIR,
  ...goldSetFolders(dir).flatMap((grader) => {
    const folder = `${LABELS_DIR}/${grader}`;
    return [folder, `${folder}/items`, `${folder}/reviewers`];
  }),
];

/**
 * Watches the label folders (fs.watch per folder: recursive watching is not on every platform Node 20 runs on) and
 * arms them again after every change, so a folder that appears is watched from then on. `changed` is called once a burst of writes has been quiet for 150 ms.
 * Returns the stop. A folder that cannot be watched is caught up by the next read, which compares fingerprints.
 */
export function watchLabelFiles(dir: string, changed: () => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (stopped) return;
      // Armed afresh: a folder deleted and made again (a branch switch) needs a new watcher. A change between the
      // re-arming and the read that `changed` starts is in that read.
      closeAll();
      arm();
      changed();
    }, SETTLE_MS);
  };
  const closeAll = () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const arm = () => {
    for (const folder of foldersOf(dir)) {
      try {
        const watcher = watch(join(dir, folder), (_event, name) => {
          // In the workspace folder itself only labels/ matters; the other watchers report everything.
          if (folder === '' && name !== LABELS_DIR) return;
          settle();
        });
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(folder);
        });
        watcher.unref();
        watchers.set(folder, watcher);
      } catch {
        // Missing (not created yet) or not watchable: armed again after the next change.
      }
    }
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    closeAll();
  };
}

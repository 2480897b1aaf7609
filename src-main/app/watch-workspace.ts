// Notices workspace files another program changed (an editor, git): each YAML file that changes is reported once a
// burst of writes settles, so open editors can offer to reload it.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

const FOLDERS = ['', 'datasets', 'rubrics'];
const SETTLE_MS = 150;

/** Watches the workspace's YAML files; `changed` gets the file relative to `dir`. Returns the stop. */
export function watchWorkspaceFiles(dir: string, changed: (file: string) => void): () => void {
  const watchers: FSWatcher[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  for (const folder of FOLDERS) {
    const path = join(dir, folder);
    if (!existsSync(path)) continue;
    try {
      const watcher = watch(path, (_event, name) => {
        if (!name || !/\.ya?ml$/.test(name)) return;
        const file = folder ? `${folder}/${name}` : name;
        clearTimeout(timers.get(file));
        timers.set(
          file,
          setTimeout(() => {
            timers.delete(file);
            changed(file);
          }, SETTLE_MS),
        );
      });
      watcher.on('error', () => watcher.close());
      watcher.unref();
      watchers.push(watcher);
    } catch {
      // A folder that cannot be watched (too many watches, a network drive) is checked when the window gains focus.
    }
  }
  return () => {
    for (const watcher of watchers) watcher.close();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}

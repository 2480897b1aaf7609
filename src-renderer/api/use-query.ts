// How a component loads its data: only the answer to its latest request is kept, so a late answer to an older request
// (the user already opened another result) never overwrites a newer one, and no answer lands after unmount.
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { messageOf } from '../../src-shared/text/message-of';

export type QueryState<T> = Readonly<{ data: T | undefined; error: string | undefined }>;

type Update<T> = (update: (previous: QueryState<T>) => QueryState<T>) => void;

/**
 * Runs `load` and applies its outcome unless `isCurrent()` has turned false meanwhile: the data replaces the old data
 * and clears the error; a failure keeps the old data and says why.
 */
export async function settleIfCurrent<T>(load: () => Promise<T>, isCurrent: () => boolean, update: Update<T>) {
  try {
    const data = await load();
    if (isCurrent()) update(() => ({ data, error: undefined }));
  } catch (reason) {
    if (isCurrent()) update((previous) => ({ data: previous.data, error: messageOf(reason) }));
  }
}

/**
 * Loads with `load` whenever `deps` change; the answer of a request that a newer one (or unmount) superseded is
 * dropped. `setData` changes the loaded data locally (after a save that answers with the new value).
 */
export function useQuery<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<QueryState<T>>({ data: undefined, error: undefined });
  useEffect(() => {
    let current = true;
    void settleIfCurrent(load, () => current, setState);
    return () => {
      current = false;
    };
  }, deps); // `load` is a new closure on every render; `deps` say when it asks for something else

  const setData = useCallback(
    (next: (previous: T | undefined) => T | undefined) =>
      setState((previous) => ({ data: next(previous.data), error: previous.error })),
    [],
  );
  return { ...state, setData };
}

// A store's guard against stale answers: of the requests of one kind, only the latest one's answer may be applied.
import { messageOf } from '../../src-shared/text/message-of';

/**
 * Returns `begin`: each call starts a request and returns its `isCurrent` check, which stays true until the next
 * request of the same kind begins (the user opened another dataset, the dashboard was asked for again).
 */
export function latestRequest(): () => () => boolean {
  let latest = 0;
  return () => {
    const mine = ++latest;
    return () => mine === latest;
  };
}

/**
 * A store's usual load: begins a request of `begin`'s kind and, if it is still the latest when it settles, stores its
 * answer under `key` (clearing the error) or the failure's message as `error`. Returns the answer, undefined on failure.
 */
export async function loadLatestInto<K extends string, T>(
  set: (patch: (Readonly<Record<K, T>> & Readonly<{ error: undefined }>) | Readonly<{ error: string }>) => void,
  begin: () => () => boolean,
  key: K,
  load: () => Promise<T>,
): Promise<T | undefined> {
  const isCurrent = begin();
  try {
    const answer = await load();
    if (isCurrent()) set({ [key]: answer, error: undefined } as Record<K, T> & { error: undefined });
    return answer;
  } catch (error) {
    if (isCurrent()) set({ error: messageOf(error) });
    return undefined;
  }
}

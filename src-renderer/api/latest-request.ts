// A store's guard against stale answers: of the requests of one kind, only the latest one's answer may be applied.

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

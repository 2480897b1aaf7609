// useQuery's stale-response guard (settleIfCurrent): a late answer to a superseded request, or one after unmount, is
// dropped; the answer to the current request replaces the data; a failure keeps the old data and says why.
import { describe, expect, it } from 'vitest';
import { settleIfCurrent, type QueryState } from '../../../src-renderer/api/use-query';
import { held } from './stores/fake-service';

/**
 * A component's state, updated as React's setState would, and what useQuery's effect does per request: the previous
 * request stops being current when the next one starts.
 */
function mountedQuery<T>() {
  let state: QueryState<T> = { data: undefined, error: undefined };
  let current = 0;
  const update = (next: (previous: QueryState<T>) => QueryState<T>) => {
    state = next(state);
  };
  return {
    state: () => state,
    start(load: () => Promise<T>) {
      const mine = ++current;
      return settleIfCurrent(load, () => mine === current, update);
    },
    unmount() {
      current = -1;
    },
  };
}

describe('settleIfCurrent', () => {
  it('keeps the answer of the newer request when the older one answers last', async () => {
    const queries = mountedQuery<string>();
    const older = held<string>();
    const newer = held<string>();
    const first = queries.start(() => older.promise);
    const second = queries.start(() => newer.promise);
    newer.resolve('result 2');
    await second;
    older.resolve('result 1');
    await first;
    expect(queries.state()).toEqual({ data: 'result 2', error: undefined });
  });

  it('drops a late failure of a superseded request', async () => {
    const queries = mountedQuery<string>();
    const older = held<string>();
    const first = queries.start(() => older.promise);
    await queries.start(async () => 'result 2');
    older.reject(new Error('timed out'));
    await first;
    expect(queries.state()).toEqual({ data: 'result 2', error: undefined });
  });

  it('keeps the data and says why when the current request fails; the next answer clears the error', async () => {
    const queries = mountedQuery<string>();
    await queries.start(async () => 'result 1');
    await queries.start(() => Promise.reject(new Error('The service is unavailable.')));
    expect(queries.state()).toEqual({ data: 'result 1', error: 'The service is unavailable.' });
    await queries.start(() => Promise.reject('plain reason'));
    expect(queries.state().error).toBe('plain reason');
    await queries.start(async () => 'result 3');
    expect(queries.state()).toEqual({ data: 'result 3', error: undefined });
  });

  it('applies nothing after unmount', async () => {
    const queries = mountedQuery<string>();
    const answer = held<string>();
    const pending = queries.start(() => answer.promise);
    queries.unmount();
    answer.resolve('too late');
    await pending;
    expect(queries.state()).toEqual({ data: undefined, error: undefined });
  });
});

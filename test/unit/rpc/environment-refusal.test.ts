import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../../src-main/cli/run-session';
import { z } from 'zod';
import { environmentCause, environmentRefusal } from '../../../src-shared/rpc/environment-refusal';
import { call } from '../../../src-shared/rpc/define';
import { createRouter } from '../../../src-shared/rpc/router';
import { refusedEnvironment, RpcError } from '../../../src-shared/rpc/wire';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('environmentCause', () => {
  it('names a full disk and a locked store, through a chain of causes', () => {
    expect(environmentCause(coded('SQLITE_FULL', 'database or disk is full'))).toBe('the disk is full (SQLITE_FULL)');
    expect(environmentCause(new Error('writing results', { cause: coded('SQLITE_BUSY') }))).toBe(
      'the store is locked by another process (SQLITE_BUSY)',
    );
    expect(environmentCause(coded('ENOSPC'))).toBe('the disk is full (ENOSPC)');
  });

  it('leaves every other failure alone', () => {
    expect(environmentCause(coded('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined();
    expect(environmentCause(new RangeError('x'))).toBeUndefined();
    expect(environmentCause('SQLITE_FULL')).toBeUndefined();
  });

  it('makes a run that stopped on its environment exit 3, before a failed gate', () => {
    const end = { runId: 'r', targetId: 't', verdict: null } as const;
    expect(
      exitCodeOf([
        { ...end, status: 'error', error: 'database or disk is full', environment: 'the disk is full (SQLITE_FULL)' },
        { ...end, status: 'error', error: 'boom' },
      ]),
    ).toBe(3);
    expect(exitCodeOf([{ ...end, status: 'error', error: 'boom', environment: null }])).toBe(1);
  });
});

describe('environment failures through the router', () => {
  it('reach the caller as `unavailable` naming the cause, not as an internal error', async () => {
    const internal: string[] = [];
    const dispatch = createRouter(
      {
        'runs.cancel': call(() => ({ input: z.object({}), output: z.object({}) })),
      },
      {
        'runs.cancel': () => {
          throw coded('SQLITE_BUSY', 'database is locked');
        },
      },
      { refusalOf: environmentRefusal, onInternalError: (method) => internal.push(method) },
    );
    const envelope = await dispatch('runs.cancel', {}, {});
    expect(envelope).toEqual({
      ok: false,
      error: {
        code: 'unavailable',
        message: 'the store is locked by another process (SQLITE_BUSY): database is locked',
        details: { environment: 'the store is locked by another process (SQLITE_BUSY)' },
      },
    });
    expect(internal).toEqual([]);
    const { error } = envelope as { error: { code: 'unavailable'; message: string; details: unknown } };
    expect(refusedEnvironment(new RpcError(error.code, error.message, error.details))).toBe(
      'the store is locked by another process (SQLITE_BUSY)',
    );
    expect(refusedEnvironment(new RpcError('unavailable', 'provider down'))).toBeUndefined();
    expect(environmentRefusal(new Error('boom'))).toBeUndefined();
  });
});

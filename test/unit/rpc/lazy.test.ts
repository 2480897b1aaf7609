// Code loaded at first use: once, again after a failed load, and per domain only when one of its calls is made.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, event } from '../../../src-shared/rpc/define';
import { lazy, lazyHandlers } from '../../../src-shared/rpc/lazy';

describe('lazy', () => {
  it('loads once, however many callers wait at the same time', async () => {
    let loads = 0;
    const part = lazy(async () => ({ n: ++loads }));
    expect(part.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([part.get(), part.get()]);
    expect(a).toBe(b);
    expect(await part.get()).toBe(a);
    expect(part.loaded()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed, and stays empty until one succeeds', async () => {
    let attempts = 0;
    const part = lazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk busy');
      return 'ready';
    });
    await expect(part.get()).rejects.toThrow('disk busy');
    expect(part.loaded()).toBeUndefined();
    expect(await part.get()).toBe('ready');
    expect(attempts).toBe(2);
  });
});

describe('lazyHandlers', () => {
  const domain = {
    'probe.double': call(z.object({ n: z.number() }), z.number()),
    'probe.name': call(z.object({}), z.string()),
    'probe.changed': event(z.object({})),
  } as const;

  it('has a handler for every call of the domain (none for its events) and loads the domain at its first call', async () => {
    let loads = 0;
    const handlers = lazyHandlers<typeof domain, { who: string }>(domain, async () => {
      loads += 1;
      return { 'probe.double': ({ n }) => n * 2, 'probe.name': (_input, ctx) => ctx.who };
    });
    expect(Object.keys(handlers).sort()).toEqual(['probe.double', 'probe.name']);
    expect(loads).toBe(0);
    expect(await handlers['probe.double']({ n: 21 }, { who: 'cli' })).toBe(42);
    expect(await handlers['probe.name']({}, { who: 'cli' })).toBe('cli');
    expect(loads).toBe(1);
    // Loaded, a call reaches its handler at once, with no promise in between.
    expect(handlers['probe.double']({ n: 4 }, { who: 'cli' })).toBe(8);
  });
});

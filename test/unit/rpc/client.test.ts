// The typed client over the in-process transport: what the caller gets is what the wire carries (a structured clone),
// a refusal arrives as RpcError with its code and details, and events are clones too.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../../src-shared/rpc/client';
import { call, event } from '../../../src-shared/rpc/define';
import { EventHub } from '../../../src-shared/rpc/events';
import { inProcessTransport } from '../../../src-shared/rpc/in-process-transport';
import { createRouter } from '../../../src-shared/rpc/router';
import { RpcError } from '../../../src-shared/rpc/wire';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  norm() {
    return Math.hypot(this.x, this.y);
  }
}

const contract = {
  'shapes.point': call(() => ({ input: z.object({ at: z.date(), tags: z.array(z.string()) }), output: z.any() })),
  'shapes.kept': call(() => ({ input: z.object({}), output: z.object({ items: z.array(z.number()) }) })),
  'shapes.busy': call(() => ({ input: z.object({}), output: z.object({}) })),
  'shapes.callback': call(() => ({ input: z.object({}), output: z.any() })),
  'shapes.moved': event(() => z.object({ point: z.any() })),
} as const;

function setUp() {
  const kept = { items: [1, 2] };
  const seenInputs: Array<{ at: Date; tags: string[] }> = [];
  const handlers = {
    'shapes.point': (input: { at: Date; tags: string[] }) => {
      seenInputs.push(input);
      input.tags.push('touched by the service');
      return { point: new Point(3, 4), at: input.at };
    },
    'shapes.kept': () => kept,
    'shapes.busy': () => {
      throw new RpcError('conflict', 'target t1 is busy', { runId: 'r1' });
    },
    'shapes.callback': () => ({ onDone: () => 1 }),
  };
  const events = new EventHub(contract);
  const dispatch = createRouter<{ transport: string }>(contract, handlers);
  const client = createClient<typeof contract>(inProcessTransport(dispatch, events, { transport: 'test' }));
  return { client, events, kept, seenInputs };
}

describe('createClient over the in-process transport', () => {
  it('hands back what structured clone carries: a class instance as a plain object, a Date as a Date', async () => {
    const { client } = setUp();
    const at = new Date('2026-03-01T00:00:00Z');
    const answer = (await client['shapes.point']({ at, tags: [] })) as { point: unknown; at: unknown };
    expect(answer.point).not.toBeInstanceOf(Point);
    expect(answer.point).toEqual({ x: 3, y: 4 });
    expect((answer.point as Partial<Point>).norm).toBeUndefined();
    expect(answer.at).toBeInstanceOf(Date);
    expect(answer.at).not.toBe(at);
    expect((answer.at as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('shares no object with the service in either direction', async () => {
    const { client, kept, seenInputs } = setUp();
    const tags = ['mine'];
    await client['shapes.point']({ at: new Date(0), tags });
    expect(tags).toEqual(['mine']);
    expect(seenInputs[0]?.tags).toEqual(['mine', 'touched by the service']);
    const answer = await client['shapes.kept']({});
    answer.items.push(99);
    expect(kept.items).toEqual([1, 2]);
  });

  it('throws a refusal as RpcError with its code, message and details', async () => {
    const { client } = setUp();
    const error = await client['shapes.busy']({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: 'conflict', message: 'target t1 is busy', details: { runId: 'r1' } });
  });

  it('refuses an answer that cannot cross the wire (a function) as internal, naming the call', async () => {
    const { client } = setUp();
    const error = await client['shapes.callback']({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: 'internal' });
    expect((error as Error).message).toMatch(/the answer of shapes\.callback cannot cross the wire/);
  });

  it('refuses bad input with bad_input, as the router does on every transport', async () => {
    const { client } = setUp();
    const error = await client['shapes.point']({ at: 'not a date' as unknown as Date, tags: [] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'bad_input' });
  });

  it('delivers events as clones, only to the listeners of that name, until unsubscribed', () => {
    const { client, events } = setUp();
    const seen: unknown[] = [];
    const off = client.on('shapes.moved', (payload) => seen.push(payload.point));
    const point = new Point(1, 1);
    events.emit('shapes.moved', { point });
    off();
    events.emit('shapes.moved', { point });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ x: 1, y: 1 });
    expect(seen[0]).not.toBeInstanceOf(Point);
  });

  it('is not mistaken for a promise (awaiting the client itself returns it)', async () => {
    const { client } = setUp();
    expect(await Promise.resolve(client)).toBe(client);
  });
});

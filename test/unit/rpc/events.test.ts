// The event hub is typed by the contract's events and, in development, checks each payload against its schema.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { event } from '../../../src-shared/rpc/define';
import { EventHub } from '../../../src-shared/rpc/events';

const contract = {
  'jobs.progressed': event(() => z.object({ done: z.number().int() })),
  'jobs.finished': event(() => z.object({ jobId: z.string() })),
} as const;

describe('EventHub', () => {
  it('hands each listener the name and a payload typed by that name', () => {
    const hub = new EventHub(contract);
    const seen: unknown[] = [];
    const off = hub.subscribe((name, payload) => {
      if (name === 'jobs.finished') {
        expectTypeOf(payload).toEqualTypeOf<{ jobId: string }>();
        seen.push(payload.jobId);
      } else seen.push(payload.done);
    });
    hub.emit('jobs.progressed', { done: 3 });
    hub.emit('jobs.finished', { jobId: 'j1' });
    off();
    hub.emit('jobs.finished', { jobId: 'j2' });
    expect(seen).toEqual([3, 'j1']);
  });

  it('refuses a payload that breaks the contract when checking, and passes it on otherwise', () => {
    const bad = { done: 1.5 };
    expect(() => new EventHub(contract, { checkPayloads: true }).emit('jobs.progressed', bad)).toThrow(/int/i);
    const unchecked = new EventHub(contract);
    const names: string[] = [];
    unchecked.subscribe((name) => names.push(name));
    unchecked.emit('jobs.progressed', bad);
    expect(names).toEqual(['jobs.progressed']);
  });
});

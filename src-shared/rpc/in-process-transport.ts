// The in-process transport (the CLI, tests): the App's dispatch and event hub in this process, behind a
// structuredClone round trip of input, answer and events, so the caller sees exactly what the wire carries and shares
// no object with the service.
import type { EventHub } from './events';
import type { Dispatch } from './router';
import { sharedEvents } from './shared-events';
import { web } from './web-apis';
import type { Envelope, RpcTransport, WireEvent } from './wire';
import { messageOf } from '../text/message-of';

export function inProcessTransport<C, Ctx>(dispatch: Dispatch<Ctx>, events: EventHub<C>, ctx: Ctx): RpcTransport {
  return {
    async invoke(method, input) {
      const sent = cloned(input, `the input of ${method}`);
      if (!sent.ok) return sent;
      const envelope = cloned(await dispatch(method, sent.value, ctx), `the answer of ${method}`);
      return envelope.ok ? (envelope.value as Envelope) : envelope;
    },
    // One subscription and one clone per event, however many listeners the client has.
    onEvent: sharedEvents((deliver) =>
      events.subscribe((name, payload) => {
        const event = cloned<WireEvent>({ name, payload }, `the event ${name}`);
        // An event that cannot cross the wire would be lost on IPC too; here it fails loudly instead of silently.
        if (!event.ok) throw new Error(event.error.message);
        deliver(event.value);
      }),
    ),
  };
}

/** A structured clone of `value`, or an `internal` failure naming what could not cross (a function, a socket). */
function cloned<T>(value: T, what: string): Envelope<T> {
  try {
    return { ok: true, value: web.structuredClone(value) };
  } catch (error) {
    const reason = messageOf(error);
    return { ok: false, error: { code: 'internal', message: `${what} cannot cross the wire: ${reason}` } };
  }
}

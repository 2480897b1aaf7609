// The one typed client every caller uses: `client['datasets.get']({id})` is typed end to end from the contract,
// a refusal throws RpcError with its code, and `client.on` follows the contract's events. The transport decides the way.
import type { Client } from './define';
import { RpcError, type RpcTransport } from './wire';

export function createClient<C>(transport: RpcTransport): Client<C> {
  return new Proxy({} as Client<C>, {
    get(_, key) {
      if (key === 'on') {
        return (name: string, cb: (payload: unknown) => void) =>
          transport.onEvent((event) => event.name === name && cb(event.payload));
      }
      // A client may be awaited or logged: it is not a thenable and has no other symbol-keyed members.
      if (typeof key !== 'string' || key === 'then') return undefined;
      return async (input: unknown) => {
        const envelope = await transport.invoke(key, input);
        if (!envelope.ok) throw new RpcError(envelope.error.code, envelope.error.message, envelope.error.details);
        return envelope.value;
      };
    },
  });
}

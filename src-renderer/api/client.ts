// The typed client: `api['datasets.get']({id})` is typed end to end from the contract; errors throw RpcError.
import type { Contract } from '../../src-shared/contract';
import type { Client } from '../../src-shared/rpc/define';
import { RpcError, type EvalBridge } from '../../src-shared/rpc/wire';
import { pickTransport } from './transport';

export function createClient<C>(transport: EvalBridge): Client<C> {
  return new Proxy({} as Client<C>, {
    get(_, key) {
      if (key === 'on') {
        return (name: string, cb: (payload: unknown) => void) =>
          transport.onEvent((event) => event.name === name && cb(event.payload));
      }
      return async (input: unknown) => {
        const envelope = await transport.invoke(String(key), input);
        if (!envelope.ok) throw new RpcError(envelope.error.code, envelope.error.message, envelope.error.details);
        return envelope.value;
      };
    },
  });
}

export const api: Client<Contract> = createClient<Contract>(pickTransport());

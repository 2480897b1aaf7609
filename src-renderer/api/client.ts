// The renderer's typed client: `api['datasets.get']({id})` is typed end to end from the contract; errors throw RpcError.
import type { Contract } from '../../src-shared/contract';
import type { Client } from '../../src-shared/rpc/define';
import { createClient } from '../../src-shared/rpc/client';
import { pickTransport } from './transport';

export const api: Client<Contract> = createClient<Contract>(pickTransport());

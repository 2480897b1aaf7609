// The transport-agnostic router: look up the call, validate its input, run the handler, wrap the result.
import { z } from 'zod';
import type { Call } from './define';
import { RpcError, type Envelope, type WireError } from './wire';
import { messageOf } from '../text/message-of';

export type Dispatch<Ctx> = (method: string, rawInput: unknown, ctx: Ctx) => Promise<Envelope>;

type AnyHandler<Ctx> = (input: unknown, ctx: Ctx) => unknown;

export type RouterOptions = Readonly<{
  /** Validate outputs too (tests and development), so a handler cannot drift from the contract. */
  checkOutputs?: boolean;
  onInternalError?: (method: string, error: unknown) => void;
  /** Names a failure that is no refusal but is no bug either (a full disk, a store locked by another process). */
  refusalOf?: (error: unknown) => RpcError | undefined;
}>;

export function createRouter<Ctx>(
  contract: Readonly<Record<string, unknown>>,
  handlers: object,
  options: RouterOptions = {},
): Dispatch<Ctx> {
  const table = handlers as Record<string, AnyHandler<Ctx>>;
  return async (method, rawInput, ctx) => {
    const spec = contract[method] as Call | undefined;
    const handler = Object.hasOwn(table, method) ? table[method] : undefined;
    if (!spec || spec.kind !== 'call' || !handler) {
      return fail({ code: 'not_found', message: `Unknown method "${method}".` });
    }
    const parsed = spec.input.safeParse(rawInput);
    if (!parsed.success) {
      return fail({
        code: 'bad_input',
        message: `Invalid input for ${method}: ${z.prettifyError(parsed.error)}`,
        details: parsed.error.issues,
      });
    }
    try {
      const value = await handler(parsed.data, ctx);
      if (options.checkOutputs) spec.output.parse(value);
      return { ok: true, value };
    } catch (error) {
      const refused = error instanceof RpcError ? error : options.refusalOf?.(error);
      if (refused) return fail({ code: refused.code, message: refused.message, details: refused.details });
      options.onInternalError?.(method, error);
      return fail({ code: 'internal', message: messageOf(error) });
    }
  };
}

function fail(error: WireError): Envelope {
  return { ok: false, error };
}

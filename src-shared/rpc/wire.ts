// What crosses a process or network boundary: channel names, the result envelope and the bridge type.

export const RPC_CHANNEL = 'evalapp:rpc';
export const EVENT_CHANNEL = 'evalapp:event';

export type ErrorCode = 'bad_input' | 'not_found' | 'conflict' | 'invalid_workspace' | 'unavailable' | 'internal';

export type WireError = Readonly<{ code: ErrorCode; message: string; details?: unknown }>;
export type Envelope<T = unknown> = Readonly<{ ok: true; value: T }> | Readonly<{ ok: false; error: WireError }>;
export type WireEvent = Readonly<{ name: string; payload: unknown }>;

/** The desktop shell's own actions (native dialogs, the file manager), on their own sender-checked channel. */
export const DESKTOP_CHANNEL = 'aieval:desktop';

/** What the renderer asks the desktop shell; `files` are the paths `export.run` returned. */
export type DesktopRequest =
  Readonly<{ action: 'saveExportAs'; files: readonly string[] }> | Readonly<{ action: 'showInFolder'; file: string }>;

/** The answer: `saved` is the chosen file (null when the dialog was cancelled); `error` says what went wrong. */
export type DesktopReply = Readonly<{ saved?: string | null; error?: string }>;

export type DesktopActions = Readonly<{ request(request: DesktopRequest): Promise<DesktopReply> }>;

/** One way to reach the service: the preload bridge (IPC), HTTP + SSE, or the App's dispatch in the same process. */
export type RpcTransport = Readonly<{
  invoke(method: string, input: unknown): Promise<Envelope>;
  onEvent(cb: (event: WireEvent) => void): () => void;
}>;

/** The object the preload exposes as `window.evalBridge`: the IPC transport; `desktop` only in the Electron shell. */
export type EvalBridge = RpcTransport & Readonly<{ desktop?: DesktopActions }>;

/**
 * The one refusal type: an error thrown on purpose (by a handler, the engine or the workspace layer) that crosses
 * the wire with its code, message and details intact. The router maps it once; anything else becomes `internal`.
 */
export class RpcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** The cause of an environment failure the service answered with (the store's environmentRefusal: a full disk, a locked store); undefined for any other. */
export function refusedEnvironment(error: unknown): string | undefined {
  if (!(error instanceof RpcError) || error.code !== 'unavailable') return undefined;
  const details: unknown = error.details;
  const cause = typeof details === 'object' && details !== null ? Reflect.get(details, 'environment') : undefined;
  return typeof cause === 'string' ? cause : undefined;
}

/** A refusal class of one code, named for stack traces: `class PlanError extends refusal('bad_input', 'PlanError') {}`. */
export function refusal(code: ErrorCode, name: string) {
  return class extends RpcError {
    constructor(message: string, details?: unknown) {
      super(code, message, details);
      this.name = name;
    }
  };
}

// The desktop window's close question: the renderer reports which editors hold unsaved work and saves them when the
// main process asks (the user chose Save in the native close dialog).
export const WINDOW_DIRTY_CHANNEL = 'evalapp:window-dirty';
export const WINDOW_SAVE_CHANNEL = 'evalapp:window-save';
export const WINDOW_SAVED_CHANNEL = 'evalapp:window-saved';

/** What the preload exposes as `window.evalWindow` (Electron only). */
export type DesktopWindowBridge = Readonly<{
  /** The labels of the editors with unsaved work ("datasets/helpdesk.yaml", "Settings"); empty when all is saved. */
  dirtyChanged(labels: readonly string[]): void;
  /** `save` runs when the user chose Save on closing; it resolves true once nothing is left unsaved. */
  onSaveRequested(save: () => Promise<boolean>): () => void;
}>;

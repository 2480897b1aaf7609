// What a CLI command is, the exit codes (docs/shells.md), and the options every command shares.
import { resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';

/** 3: the run stopped on its environment (disk full, store locked), not on its input or its scores. */
export const EXIT = { ok: 0, failed: 1, invalid: 2, environment: 3 } as const;

export type CliIo = Readonly<{
  out(line: string): void;
  err(line: string): void;
  /** A terminal that can redraw a progress bar; false in CI (`CI=true`) or when piped. */
  interactive: boolean;
  /** Redraws one status line in place (a progress bar); only on an interactive terminal. */
  status?(line: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
}>;

export type ParsedArgs = Readonly<{
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}>;

export type Command = Readonly<{
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  allowPositionals?: boolean;
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}>;

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  workspace: { type: 'string', short: 'w' },
  /** A team store (postgresql://…) or `sqlite` (the workspace's own): over AIEVAL_STORE_URL and the app's setting. */
  store: { type: 'string' },
  'trust-workspace': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The options of a command that prints JSON on `--json`: the common ones and that flag. */
export const JSON_OPTIONS = {
  ...COMMON_OPTIONS,
  json: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The workspace folder of `--workspace` (default: the current folder). */
export function workspaceDirOf(args: ParsedArgs, io: CliIo): string {
  const flag = args.values.workspace;
  return resolve(io.cwd, typeof flag === 'string' ? flag : '.');
}

/** A wrong flag or argument: printed with the command's usage, exit 2. */
export class UsageError extends Error {}

/** The file or folder arguments, resolved against the current folder; `missing` says what to give when there are none. */
export function pathArguments(args: ParsedArgs, io: CliIo, missing: string): string[] {
  if (args.positionals.length === 0) throw new UsageError(missing);
  return args.positionals.map((path) => resolve(io.cwd, path));
}

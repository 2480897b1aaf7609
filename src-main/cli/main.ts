// The `ai-eval` entry point: picks the command, parses its flags, maps failures to the exit codes (docs/shells.md).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { limitHeapGrowth } from '../heap-growth';
import { APP_VERSION, defaultCacheDir } from '../paths';
import { EXIT, UsageError, type CliIo, type Command } from './command';
import { COMMANDS } from './commands';
import { enableCompileCache, type CompileCache } from './compile-cache';
import { environmentRefusal } from '../../src-shared/rpc/environment-refusal';
import { RpcError, refusedEnvironment } from '../../src-shared/rpc/wire';

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    io.out(APP_VERSION);
    return EXIT.ok;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(await helpText());
    return EXIT.ok;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    io.err(`error: unknown command "${name}"\n\n${await helpText()}`);
    return EXIT.invalid;
  }
  const command = await entry.load();
  try {
    const parsed = parseArgs({
      args: [...rest],
      options: command.options,
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
    if (parsed.values.help) {
      io.out(`${command.summary}\n\nusage: ${command.usage}`);
      return EXIT.ok;
    }
    return await command.run(
      {
        values: parsed.values as Record<string, string | boolean | string[] | undefined>,
        positionals: parsed.positionals,
      },
      io,
    );
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.err(`error: ${(error as Error).message}\nusage: ${command.usage}`);
      return EXIT.invalid;
    }
    // A full disk or a locked store, whether the service refused with it or a command met it on its own (init).
    const refusal = error instanceof RpcError ? error : environmentRefusal(error);
    if (refusal && refusedEnvironment(refusal) !== undefined) {
      io.err(`error: ${refusal.message}`);
      return EXIT.environment;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** Loads every command for its summary: help is the one place that needs them all. */
async function helpText(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map((entry) => entry.load()));
  const width = Math.max(...commands.map((c: Command) => c.name.length));
  return [
    `ai-eval ${APP_VERSION}: measure and improve LLM features, locally.`,
    '',
    'usage: ai-eval <command> [--workspace DIR] [--store postgresql://…] [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'exit codes: 0 success, 1 a hard gate or a judge validation failed, 2 invalid input or configuration,',
    '  3 stopped by the environment (disk full, store locked, a server or team store that does not answer)',
    'Run `ai-eval <command> --help` for the options of one command.',
  ].join('\n');
}

/**
 * A reader that stops early (`ai-eval traces --json | head`) closes the pipe: the rest of the output is dropped and
 * the command still finishes with its own exit code, so a gate never passes because nobody read its report.
 */
function dropOutputToClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

const HELP = new Set(['help', '--help', '-h']);

/**
 * The built bundle (out/cli/ai-eval.cjs) compiles its chunks through V8's code cache, one per command;
 * AIEVAL_DISABLE_COMPILE_CACHE=1 turns it off. From the sources (tsx) there is no bundle to cache.
 */
function compileCacheFor(argv: readonly string[]): CompileCache | undefined {
  const entryFile = fileURLToPath(import.meta.url);
  const command = COMMANDS.find((entry) => entry.name === argv[0])?.name;
  if (!command || !entryFile.endsWith('.cjs')) return undefined;
  if (process.env.AIEVAL_DISABLE_COMPILE_CACHE === '1') return undefined;
  return enableCompileCache({ bundleDir: dirname(entryFile), entryFile, cacheRoot: defaultCacheDir(), command });
}

/** Runs the CLI in this process with the real terminal. */
export async function runCli(): Promise<void> {
  // First: V8's flags are part of what cached code is checked against, so they are set before anything is compiled.
  limitHeapGrowth();
  const argv = process.argv.slice(2);
  const compileCache = compileCacheFor(argv);
  dropOutputToClosedPipe(process.stdout);
  dropOutputToClosedPipe(process.stderr);
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: Boolean(process.stdout.isTTY) && process.env.CI !== 'true',
    status: (line) => process.stderr.write(`\r\x1b[2K${line}`),
    cwd: process.cwd(),
    env: process.env,
  };
  try {
    const exitCode = await main(argv, io);
    process.exitCode = exitCode;
    // Only a command that did its whole job (a failed gate included) leaves cached code: a --help or an error runs
    // a small part of it.
    const wholeJob = exitCode === EXIT.ok || exitCode === EXIT.failed;
    if (wholeJob && !argv.some((arg) => HELP.has(arg))) compileCache?.save();
  } catch (error) {
    io.err(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = EXIT.invalid;
  }
}

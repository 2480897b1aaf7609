// Every `ai-eval` command, in the order `--help` lists them.
import type { Command } from './command';
import { initCommand } from './init.command';
import { judgesCommand } from './judges.command';
import { sampleTracesCommand } from './sample-traces.command';
import { serveCommand } from './serve.command';
import { trustCommand } from './trust.command';
import { validateCommand } from './validate.command';
import { validateJudgeCommand } from './validate-judge.command';

export const COMMANDS: readonly Command[] = [initCommand, trustCommand, validateCommand, sampleTracesCommand, validateJudgeCommand, judgesCommand, serveCommand];

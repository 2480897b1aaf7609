// Every `ai-eval` command, in the order `--help` lists them.
import type { Command } from './command';
import { compareCommand } from './compare.command';
import { distillCommand } from './distill.command';
import { exportEnvelopeCommand } from './export-envelope.command';
import { importEnvelopeCommand } from './import-envelope.command';
import { importTracesCommand } from './import-traces.command';
import { promoteCommand } from './promote.command';
import { tracesCommand } from './traces.command';
import { initCommand } from './init.command';
import { regradeCommand } from './regrade.command';
import { runCommand } from './run.command';
import { judgesCommand } from './judges.command';
import { mergeCommand } from './merge.command';
import { optimizeCommand } from './optimize.command';
import { sampleTracesCommand } from './sample-traces.command';
import { serveCommand } from './serve.command';
import { trustCommand } from './trust.command';
import { validateCommand } from './validate.command';
import { validateJudgeCommand } from './validate-judge.command';

export const COMMANDS: readonly Command[] = [
  initCommand,
  trustCommand,
  validateCommand,
  runCommand,
  mergeCommand,
  regradeCommand,
  compareCommand,
  importTracesCommand,
  tracesCommand,
  promoteCommand,
  sampleTracesCommand,
  validateJudgeCommand,
  judgesCommand,
  serveCommand,
  optimizeCommand,
  exportEnvelopeCommand,
  importEnvelopeCommand,
  distillCommand,
];

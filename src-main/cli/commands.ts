// Every `ai-eval` command, in the order `--help` lists them, each loaded only when it runs: `ai-eval validate`
// never loads the store, the HTTP server or a provider SDK, and `ai-eval --version` loads none of them.
import type { Command } from './command';

export type CommandLoader = Readonly<{ name: string; load: () => Promise<Command> }>;

export const COMMANDS: readonly CommandLoader[] = [
  { name: 'init', load: async () => (await import('./init.command')).initCommand },
  { name: 'trust', load: async () => (await import('./trust.command')).trustCommand },
  { name: 'validate', load: async () => (await import('./validate.command')).validateCommand },
  { name: 'run', load: async () => (await import('./run.command')).runCommand },
  { name: 'merge', load: async () => (await import('./merge.command')).mergeCommand },
  { name: 'regrade', load: async () => (await import('./regrade.command')).regradeCommand },
  { name: 'compare', load: async () => (await import('./compare.command')).compareCommand },
  { name: 'import-traces', load: async () => (await import('./import-traces.command')).importTracesCommand },
  { name: 'traces', load: async () => (await import('./traces.command')).tracesCommand },
  { name: 'promote', load: async () => (await import('./promote.command')).promoteCommand },
  { name: 'sample-traces', load: async () => (await import('./sample-traces.command')).sampleTracesCommand },
  { name: 'label', load: async () => (await import('./label.command')).labelCommand },
  { name: 'validate-judge', load: async () => (await import('./validate-judge.command')).validateJudgeCommand },
  { name: 'history', load: async () => (await import('./history.command')).historyCommand },
  { name: 'quarantine', load: async () => (await import('./quarantine.command')).quarantineCommand },
  { name: 'judges', load: async () => (await import('./judges.command')).judgesCommand },
  { name: 'serve', load: async () => (await import('./serve.command')).serveCommand },
  { name: 'optimize', load: async () => (await import('./optimize.command')).optimizeCommand },
  { name: 'export-envelope', load: async () => (await import('./export-envelope.command')).exportEnvelopeCommand },
  { name: 'import-envelope', load: async () => (await import('./import-envelope.command')).importEnvelopeCommand },
  { name: 'distill', load: async () => (await import('./distill.command')).distillCommand },
];

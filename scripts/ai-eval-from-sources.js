#!/usr/bin/env node
// `ai-eval` straight from the TypeScript sources through tsx (a dev dependency): what the tests and scripts run, so
// they always exercise the sources as they are now, never a build of out/cli that may be older.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
await runCli();

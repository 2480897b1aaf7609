#!/usr/bin/env node
// The `ai-eval` command: runs the TypeScript CLI through tsx, so it works straight after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
await runCli();

// Starts the checkpointing thread from the TypeScript sources (the CLI and the tests run them through tsx); the
// desktop build bundles checkpoint-worker.ts as store-checkpointer.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./checkpoint-worker.ts');

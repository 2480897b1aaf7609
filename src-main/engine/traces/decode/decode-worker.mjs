// Starts the decoding thread from the TypeScript sources (the CLI and the tests run them through tsx); the desktop
// build bundles decode-worker.ts as trace-decoder.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./decode-worker.ts');

// A loopback fake provider in its own process (the benchmark's engine gets the other core): prints its URL, answers
// every request with a fixed plain-text answer after `--latency` ms, keeps no request log. It lists the benchmark's model,
// so a run's preflight finds it as it would on a real Ollama.
// Run: node --import tsx bench/fake-server-process.ts --latency 200
import { parseArgs } from 'node:util';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';

const { values } = parseArgs({ options: { latency: { type: 'string', default: '0' } } });
const delayMs = Number(values.latency);
const ANSWER = 'The main branch is open on Sundays from 12:00 to 17:00, and loans last 21 days.';

const server = await startFakeProviderServer({
  record: false,
  models: ['bench-model'],
  script: () => (delayMs > 0 ? { text: ANSWER, delayMs } : { text: ANSWER }),
});
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

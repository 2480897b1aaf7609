// Test helper for the attack suite: a loopback listener that records every request it receives (as an attacker's would).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Heard = Readonly<{ method: string; url: string; headers: IncomingHttpHeaders }>;

export type Listener = Readonly<{ url: string; heard: Heard[]; close(): Promise<void> }>;

/** Answers every request 200 with an empty OpenAI-shaped chat reply, after recording it. */
export async function startListener(): Promise<Listener> {
  const heard: Heard[] = [];
  const server = createServer((req, res) => {
    heard.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [], choices: [{ message: { role: 'assistant', content: 'ok' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    heard,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

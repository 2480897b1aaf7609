import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { httpRequest } from '../../../src-main/engine/providers/http-client';

let server: Server | undefined;

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

const post = (url: string, body = '{}') =>
  httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: new AbortController().signal,
  });

describe('httpRequest', () => {
  it('sends the body with its length and reads status, text and headers', async () => {
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
        res.end(JSON.stringify({ echo: body, length: req.headers['content-length'] }));
      });
    });
    const answer = await post(`${url}/api/chat`, '{"ü":1}');
    expect(answer).toMatchObject({ status: 429, ok: false });
    expect(JSON.parse(answer.text)).toEqual({ echo: '{"ü":1}', length: '8' });
    expect(answer.headers.get('Retry-After')).toBe('3');
    expect(answer.headers.get('x-missing')).toBeNull();
  });

  it('decompresses a gzip answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('{"message":"ok"}'));
    });
    expect((await post(url)).text).toBe('{"message":"ok"}');
  });

  it('sends again, once, a request whose kept-alive socket the server had closed', async () => {
    const served = new Set<Socket>();
    let reset = false;
    let requests = 0;
    const url = await serve((req, res) => {
      requests += 1;
      if (served.has(req.socket) && !reset) {
        reset = true;
        req.socket.destroy();
        return;
      }
      served.add(req.socket);
      res.end('{"n":1}');
    });
    await post(url);
    expect((await post(url)).text).toBe('{"n":1}');
    expect({ reset, requests }).toEqual({ reset: true, requests: 3 });
  });

  it('fails a body cut off mid-way, and stops at once on abort with the caller’s reason', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"message":');
        setTimeout(() => req.socket.destroy(), 10);
      }
      // /hang never answers.
    });
    await expect(post(`${url}/cut`)).rejects.toThrow();
    const controller = new AbortController();
    const pending = httpRequest(`${url}/hang`, { method: 'GET', headers: {}, signal: controller.signal });
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toThrow('run cancelled');
  });

  it('refuses a URL that is not http or https', async () => {
    await expect(post('file:///etc/passwd')).rejects.toThrow(/unsupported protocol file:/);
  });
});

// `ai-eval serve`: the HTTP shell on 127.0.0.1 with a random token, serving the same UI as the desktop window.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { receiverTokenInWords } from '../../src-shared/text/receiver-token';
import { RpcError } from '../../src-shared/rpc/wire';
import { createHttpShell, newToken } from '../http/server';
import { findResourcesDir } from '../paths';
import { createCliApp } from './cli-app';
import { COMMON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { clientOf } from './workspace-client';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the UI and the API on 127.0.0.1 (a one-time token in the printed URL, an API token for scripts)',
  usage: 'ai-eval serve [--workspace DIR] [--port N (0: any free port)] [--open]',
  options: { ...COMMON_OPTIONS, port: { type: 'string', short: 'p' }, open: { type: 'boolean' } },
  async run(args, io) {
    const port = Number(args.values.port ?? 4310);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0-65535, got ${String(args.values.port)}`);
    const app = createCliApp(args, io, { watchWorkspace: true });
    const token = newToken();
    const urlToken = newToken();
    const routes = await app.routes();
    const server = createHttpShell({
      dispatch: app.dispatch,
      events: app.events,
      staticDir: join(dirname(findResourcesDir()), 'out', 'renderer'),
      token,
      urlToken,
      routes,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    } catch (error) {
      await app.dispose();
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
      const why = code === 'EADDRINUSE' ? 'is in use (another ai-eval serve?)' : 'may not be opened by this user';
      io.err(`error: port ${port} on 127.0.0.1 ${why}: pass --port N for another, or --port 0 for any free port`);
      return EXIT.environment;
    }
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const route of routes) route.mountedOn(origin);
    const url = `${origin}/?token=${urlToken}`;
    io.out(`AI Eval is serving ${app.state.dir}`);
    io.out(url);
    // The URL works once (it becomes a cookie); scripts and OTLP exporters use the API token as a Bearer header.
    io.out(`API token (Authorization: Bearer): ${token}`);
    io.out(`OTLP: POST ${origin}/v1/traces with OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer%20${token}"`);
    if (args.values.open) openInBrowser(url);
    // The standalone OTLP receiver (settings.otlp_receiver, off by default); POST /v1/traces above works either way.
    try {
      const status = await clientOf(app)['traces.receiverApply']({});
      if (status.url) {
        io.out(`OTLP receiver: ${status.url}`);
        const words = receiverTokenInWords(status);
        if (words) io.out(words);
      }
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      io.err(`warning: OTLP receiver: ${error.message}`);
    }
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    server.closeAllConnections();
    await app.dispose();
    return EXIT.ok;
  },
};

function openInBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  spawn(opener, [url], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref();
}

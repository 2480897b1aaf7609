// Test helper: a loopback port nothing listens on, for the connection-refused paths.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback port nothing listens on: one the system handed out and that was closed again. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

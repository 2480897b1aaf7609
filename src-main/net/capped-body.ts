// Request bodies with a cap (docs/security.md): 413 past the limit, gzip inflated as a stream with a total cap (no bomb in memory).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGunzip } from 'node:zlib';

/** A body over its limit (compressed or inflated): answered 413. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/**
 * Reads the body, inflating gzip as a stream, and stops at `limit` bytes read or `inflatedLimit` bytes inflated: a
 * small gzip bomb never grows past the cap in memory. A declared Content-Length over the limit is refused unread.
 */
export function readCappedBody(
  req: IncomingMessage,
  limits: Readonly<{ limit: number; inflatedLimit: number; gzip: boolean }>,
): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limits.limit) return Promise.reject(new BodyTooLarge(`the body is larger than ${limits.limit} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const gunzip = limits.gzip ? createGunzip() : undefined;
    let read = 0;
    let inflated = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe();
      gunzip?.destroy();
      req.pause();
      reject(error);
    };
    const keep = (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > limits.inflatedLimit)
        fail(new BodyTooLarge(`the body inflates past ${limits.inflatedLimit} bytes`));
      else chunks.push(chunk);
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    };
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.limit) fail(new BodyTooLarge(`the body is larger than ${limits.limit} bytes`));
      else if (!gunzip) chunks.push(chunk);
    });
    req.on('error', fail);
    if (gunzip) {
      gunzip.on('data', keep);
      gunzip.on('end', finish);
      gunzip.on('error', (error) => fail(new Error(`the gzip body cannot be inflated: ${error.message}`)));
      req.pipe(gunzip);
    } else req.on('end', finish);
  });
}

/** After a 413, stop reading: the connection closes once the answer is written, dropping the rest of the upload. */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => req.destroy());
}

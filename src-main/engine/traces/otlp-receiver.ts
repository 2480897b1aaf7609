// The OTLP/HTTP trace receiver: POST /v1/traces (JSON or protobuf, gzip allowed), as a route and as its own loopback server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceiverStatus } from '../../../src-shared/model';
import { BodyTooLarge, closeAfterAnswer, readCappedBody } from '../../net/capped-body';
import { bearerMatches } from '../../net/bearer';
import { loopbackHost, mediaType, sameOrigin } from '../../net/request-guards';
import type { StoreApi } from '../../store/store';
import { decodeJsonText } from './decode/decode-json-text';
import { decodeProtoRequest } from './decode/otlp-protobuf';
import { importStamp, TraceIngest } from './ingest';
import type { DecodedBatch } from './span';
import { plural } from '../../../src-shared/text/plural';

/** Structurally the HTTP shell's Route, so `ai-eval serve` can mount the receiver beside the API. */
export type ReceiverRoute = Readonly<{
  method: string;
  path: string;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Told the origin of the HTTP shell that mounted the route. */
  mountedOn(origin: string): void;
}>;

export type ReceiverOptions = Readonly<{
  store: () => StoreApi['traces'];
  clock: () => number;
  /** Called after each request that stored spans. */
  onReceived?: (received: { spans: number; reviewItems: number }) => void;
  /** The largest body read (compressed as sent); 413 past it. */
  maxBodyBytes?: number;
  /** The most a gzip body may inflate to, counted as it streams; 413 past it (a gzip bomb never fills memory). */
  maxInflatedBytes?: number;
}>;

/** 8 MB compressed, 16 MB inflated: far above an exporter's batch (512 spans, a few MB at most). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

// google.rpc.Code INVALID_ARGUMENT, as the OTLP spec asks for a 400's Status.
const INVALID_ARGUMENT = 3;

export class OtlpReceiver {
  private server: Server | undefined;
  private port: number | null = null;
  private requests = 0;
  private spans = 0;
  private lastError: string | null = null;
  /** Where `ai-eval serve` mounted the route (its POST /v1/traces URL), or null when no HTTP shell serves it. */
  private servedAt: string | null = null;
  /** The token the receiver port requires (settings.otlp_receiver.token_env) and the variable it came from. */
  private token: Readonly<{ env: string; value: string }> | null = null;

  /** `ai-eval serve` tells where it mounted the route (its origin), so the status names both ways in. */
  readonly route: ReceiverRoute = {
    method: 'POST',
    path: '/v1/traces',
    handle: (req, res) => this.handle(req, res),
    mountedOn: (origin) => void (this.servedAt = `${origin}/v1/traces`),
  };

  constructor(private readonly options: ReceiverOptions) {}

  /**
   * Listens on 127.0.0.1:`port` (0: any free port) unless it already does; a different port restarts it. With a
   * `token`, every request must carry it as `Authorization: Bearer` (401 otherwise); a new token applies at once.
   */
  async start(
    port: number,
    token: Readonly<{ env: string; value: string }> | null = null,
    host = '127.0.0.1',
  ): Promise<void> {
    this.token = token;
    if (this.server && this.port === port) return;
    await this.stop();
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (path !== this.route.path)
        return void reply(res, 404, 'text/plain', `Only POST ${this.route.path} is served here.`);
      if (req.method !== 'POST') return void reply(res, 405, 'text/plain', 'Use POST.');
      if (this.token && !bearerMatches(req, this.token.value)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        closeAfterAnswer(req, res);
        return void reply(res, 401, 'text/plain', `Send the token of ${this.token.env} as Authorization: Bearer.`);
      }
      this.handle(req, res).catch((error: unknown) => reply(res, 500, 'text/plain', String(error)));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, resolve);
      });
    } catch (error) {
      this.lastError = `cannot listen on ${host}:${port}: ${(error as Error).message}`;
      throw new Error(this.lastError, { cause: error });
    }
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.lastError = null;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.port = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  status(enabled: boolean): ReceiverStatus {
    return {
      enabled,
      listening: this.server !== undefined,
      port: this.port,
      url: this.port === null ? null : `http://127.0.0.1:${this.port}${this.route.path}`,
      servedAt: this.servedAt,
      tokenEnv: this.server ? (this.token?.env ?? null) : null,
      requests: this.requests,
      spans: this.spans,
      lastError: this.lastError,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests++;
    const type = mediaType(req);
    const proto = type === 'application/x-protobuf' || type === 'application/protobuf';
    const fail = (status: number, message: string) => {
      this.lastError = message;
      if (proto) reply(res, status, 'application/x-protobuf', encodeStatus(INVALID_ARGUMENT, message));
      else reply(res, status, 'application/json', JSON.stringify({ code: INVALID_ARGUMENT, message }));
    };
    if (!loopbackHost(req)) return fail(403, 'Unexpected Host header: the receiver answers loopback names only.');
    // An exporter sends no Origin; a page in the user's browser does, and may not post spans (as `serve` refuses it).
    if (!sameOrigin(req)) return fail(403, 'Cross-origin requests are refused: exporters send no Origin header.');
    if (!proto && type !== 'application/json')
      return fail(415, `Unsupported Content-Type "${type}": send application/json or application/x-protobuf.`);
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'gzip' && encoding !== 'identity')
      return fail(415, `Unsupported Content-Encoding "${encoding}": send gzip or none.`);
    let body: Buffer;
    try {
      body = await readCappedBody(req, {
        limit: this.options.maxBodyBytes ?? MAX_BODY_BYTES,
        inflatedLimit: this.options.maxInflatedBytes ?? MAX_INFLATED_BYTES,
        gzip: encoding === 'gzip',
      });
    } catch (error) {
      if (!(error instanceof BodyTooLarge))
        return fail(400, `Cannot read the request body: ${(error as Error).message}`);
      closeAfterAnswer(req, res);
      return fail(413, `Payload too large: ${error.message}.`);
    }
    const batch: DecodedBatch = proto ? decodeProtoRequest(body) : decodeJsonText(body.toString('utf8'), null);
    const problem = batch.problems[0]?.message ?? null;
    if (batch.spans.length === 0 && batch.bad > 0) return fail(400, `Nothing could be decoded: ${problem}`);
    const outcome = await new TraceIngest(this.options.store(), importStamp(this.options.clock())).write(
      batch.spans,
      'otlp-receiver',
    );
    this.spans += batch.spans.length;
    this.lastError = problem;
    if (batch.spans.length) this.options.onReceived?.({ spans: outcome.inserted, reviewItems: outcome.reviewItems });
    const rejected =
      batch.bad > 0 ? { rejected: batch.bad, message: `${plural(batch.bad, 'span')} rejected: ${problem}` } : undefined;
    if (proto) reply(res, 200, 'application/x-protobuf', encodeResponse(rejected));
    else
      reply(
        res,
        200,
        'application/json',
        JSON.stringify(
          rejected
            ? { partialSuccess: { rejectedSpans: String(rejected.rejected), errorMessage: rejected.message } }
            : {},
        ),
      );
  }
}

function reply(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': type }).end(body);
}

// The two tiny protobuf messages the receiver answers with, written by hand.
const varint = (value: number): Buffer => {
  const bytes: number[] = [];
  for (let v = value; ; v = Math.floor(v / 128)) {
    if (v < 128) {
      bytes.push(v);
      return Buffer.from(bytes);
    }
    bytes.push((v % 128) | 0x80);
  }
};
const lengthDelimited = (field: number, payload: Buffer) =>
  Buffer.concat([varint((field << 3) | 2), varint(payload.length), payload]);

/** ExportTraceServiceResponse { partial_success = 1 { rejected_spans = 1; error_message = 2 } }; empty when all was accepted. */
function encodeResponse(rejected?: { rejected: number; message: string }): Buffer {
  if (!rejected) return Buffer.alloc(0);
  const partial = Buffer.concat([
    varint(1 << 3),
    varint(rejected.rejected),
    lengthDelimited(2, Buffer.from(rejected.message, 'utf8')),
  ]);
  return lengthDelimited(1, partial);
}

/** google.rpc.Status { code = 1; message = 2 }. */
function encodeStatus(code: number, message: string): Buffer {
  return Buffer.concat([varint(1 << 3), varint(code), lengthDelimited(2, Buffer.from(message, 'utf8'))]);
}

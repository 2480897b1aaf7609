// Token checks shared by the HTTP shell and the OTLP receiver: a secret compared in constant time, a Bearer header.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Compares a secret in constant time (no timing tells how much of a guess was right). */
export const equalSecrets = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `Authorization: Bearer <token>`, as scripts and OTEL_EXPORTER_OTLP_HEADERS send it. */
export const bearerMatches = (req: IncomingMessage, token: string): boolean => {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  return bearer !== undefined && equalSecrets(bearer, token);
};

// The way into a running `ai-eval serve` without its one-time link: a page that takes the API token it printed (a used
// link, a second browser, a cookie that expired) and trades it for the session cookie, so nobody has to restart it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCappedBody } from '../net/capped-body';
import { equalSecrets } from '../net/bearer';
import { mediaType } from '../net/request-guards';

/** Where the page is served and its form posts. */
export const SIGN_IN_PATH = '/signin';

/** Why the page is shown: it says so above the form. */
export type SignInReason = 'used-link' | 'no-session' | 'wrong-token';

const NOTES: Record<SignInReason, string> = {
  'used-link': 'This link was already used: a printed link opens the app once, in one browser.',
  'no-session': 'This browser has no session with this server yet.',
  'wrong-token': 'That is not the API token of this server. Copy it again from the terminal of ai-eval serve.',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page: a note, then one field for the API token (no script: the server's CSP allows none inline). */
export function signInPage(reason: SignInReason, next: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · AI Eval</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh;
  background: #f6f7f9; color: #1d232b; }
main { max-width: 34rem; padding: 2rem; background: #fff; border: 1px solid #d8dde3; border-radius: 8px; }
h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input { box-sizing: border-box; width: 100%; font: 14px ui-monospace, monospace; padding: .5rem; border: 1px solid #9aa4af;
  border-radius: 4px; }
button { margin-top: 1rem; font: inherit; padding: .45rem 1rem; border-radius: 4px; border: 1px solid #1f5fbf;
  background: #1f5fbf; color: #fff; cursor: pointer; }
code { font: 13px ui-monospace, monospace; background: #eef1f4; padding: 0 .25rem; border-radius: 3px; }
p.note { margin: 0 0 .5rem; }
@media (prefers-color-scheme: dark) { body { background: #15191e; color: #e6e9ed; }
  main { background: #1d2228; border-color: #39414a; } input { background: #15191e; color: inherit; }
  code { background: #2a3038; } }
</style></head>
<body><main>
<h1>Sign in to AI Eval</h1>
<p class="note" data-testid="signin-note">${escapeHtml(NOTES[reason])}</p>
<p>Paste the <strong>API token</strong> that <code>ai-eval serve</code> printed in its terminal, on the line
<code>API token (Authorization: Bearer): …</code>. No restart is needed.</p>
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="token">API token</label>
<input id="token" name="token" type="password" autocomplete="off" required autofocus data-testid="signin-token">
<button type="submit" data-testid="signin-submit">Sign in</button>
</form>
</main></body></html>`;
}

export function sendSignInPage(res: ServerResponse, reason: SignInReason, next = '/'): void {
  res.writeHead(401, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(signInPage(reason, next));
}

/** A path of this server to go to after signing in; anything else (another host, a scheme) goes to the start. */
const localPath = (next: string | null) => (next && /^\/(?![/\\])/.test(next) ? next : '/');

/**
 * POST /signin (a form: `token`, `next`): the API token sets the session cookie and sends the browser on; a wrong
 * one shows the page again. The caller has checked the request is same-origin.
 */
export async function handleSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  cookieOf: (token: string) => string,
): Promise<void> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') return sendSignInPage(res, 'no-session');
  const body = await readCappedBody(req, { limit: 4096, inflatedLimit: 4096, gzip: false }).catch(() => undefined);
  if (!body) return sendSignInPage(res, 'wrong-token');
  const form = new URLSearchParams(body.toString('utf8'));
  const next = localPath(form.get('next'));
  const offered = (form.get('token') ?? '').trim();
  if (!equalSecrets(offered, token)) return sendSignInPage(res, 'wrong-token', next);
  res.writeHead(303, { 'Set-Cookie': cookieOf(token), Location: next, 'Cache-Control': 'no-store' }).end();
}

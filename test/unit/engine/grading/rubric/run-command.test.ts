import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../../../src-main/engine/grading/rubric/run-command';

const node = (script: string) => `"${process.execPath}" -e ${JSON.stringify(script)}`;

describe('runCommand', () => {
  it('passes the text on stdin and in $AIEVAL_RESPONSE_FILE, in a temporary folder it removes afterwards', async () => {
    const result = await runCommand(
      node(
        "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const f=require('fs').readFileSync(process.env.AIEVAL_RESPONSE_FILE,'utf8');console.log(JSON.stringify({s,f,cwd:process.cwd(),ws:process.env.AIEVAL_WORKSPACE}))})",
      ),
      'héllo',
      { timeoutMs: 10000, workspaceDir: '/some/workspace' },
    );
    const out = JSON.parse(result.stdout) as { s: string; f: string; cwd: string; ws: string };
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(out).toMatchObject({ s: 'héllo', f: 'héllo', ws: '/some/workspace' });
    expect(out.cwd).toMatch(/aieval-check-/);
    expect(existsSync(out.cwd)).toBe(false);
  });

  it('reports a non-zero exit and its stderr', async () => {
    const result = await runCommand(node("console.error('bad');process.exit(3)"), '', {
      timeoutMs: 10000,
      workspaceDir: '.',
    });
    expect(result).toMatchObject({ exitCode: 3, stderr: 'bad\n', timedOut: false });
  });

  it('kills a command at its timeout', async () => {
    const result = await runCommand(node('setInterval(()=>{},1000)'), '', { timeoutMs: 300, workspaceDir: '.' });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
  });

  it('copes with a command that never reads stdin', async () => {
    const result = await runCommand('exit 0', 'x'.repeat(1_000_000), { timeoutMs: 10000, workspaceDir: '.' });
    expect(result.exitCode).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { formatGrader } from '../../../../src-main/engine/grading/format.grader';
import { GRADERS } from '../../../../src-main/engine/grading/registry';
import { makeContext } from './make-context';

const grade = (response: string, format?: 'json' | 'text' | 'markdown', responseCharLimit = 4000) =>
  formatGrader.grade(makeContext({ response, responseCharLimit, question: format ? { expected: { format } } : {} }));

describe('format_grader', () => {
  it('is registered under its id', () => {
    expect(GRADERS.get('format_grader')).toBe(formatGrader);
  });

  it('scores a clean plain answer 5', async () => {
    expect(await grade('The main branch opens at noon on Sundays.')).toEqual({
      status: 'scored',
      score: 5,
      reason: 'no format issues',
    });
  });

  it('scores an empty or whitespace-only response 0 before any rule', async () => {
    expect((await grade('')).score).toBe(0);
    expect((await grade(' \n\t ', 'json')).score).toBe(0);
  });

  it('scores valid JSON 5 and invalid JSON 0 with the decode error', async () => {
    expect((await grade('{"open": "12:00"}', 'json')).score).toBe(5);
    const bad = await grade('{"open": 12:00}', 'json');
    expect(bad.score).toBe(0);
    expect(bad.reason).toMatch(/^invalid JSON: /);
  });

  it('docks one point per violation: heading, link, bold', async () => {
    const text = '# Hours\nSee [the site](https://example.org) for **all** branches.';
    const outcome = await grade(text);
    expect(outcome.score).toBe(2);
    expect(outcome.reason).toBe('uses # headings; uses [text](url) links; uses **bold**');
  });

  it('only counts a heading at the start of a line', async () => {
    expect((await grade('Ticket #4 is open from noon on Sundays.')).score).toBe(5);
    expect((await grade('Open on Sundays.\n## Details here and more')).score).toBe(4);
  });

  it('docks a point for a response longer than the limit, counted in code points', async () => {
    expect((await grade('a'.repeat(30), 'text', 29)).reason).toBe('too long (30 > 29 characters)');
    expect((await grade('😀'.repeat(25), 'text', 25)).score).toBe(5);
  });

  it('docks a point for a response shorter than 20 characters', async () => {
    expect(await grade('Noon to five.')).toMatchObject({ score: 4, reason: 'suspiciously short' });
  });

  it('runs the text rules for markdown too, and floors at 0', async () => {
    const outcome = await grade('# **[x](y)**', 'markdown', 5);
    expect(outcome.score).toBe(0);
  });
});

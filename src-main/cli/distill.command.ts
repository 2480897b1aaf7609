// `ai-eval distill`: a deterministic markdown summary per target (trends, weakest graders, recurring failures, judges).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSince } from '../../src-shared/text/since';
import { COMMON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

export const distillCommand: Command = {
  name: 'distill',
  summary: 'Summarise recent runs per target as markdown (trends, weakest graders, recurring failures, judge trust)',
  usage: 'ai-eval distill [--since WHEN] [--out FILE]   (WHEN: 2026-03-01, epoch seconds, or -7d; default -7d)',
  options: { ...COMMON_OPTIONS, since: { type: 'string' }, out: { type: 'string' } },
  async run(args, io) {
    const text = typeof args.values.since === 'string' ? args.values.since : '-7d';
    try {
      parseSince(text, Date.now());
    } catch (error) {
      throw new UsageError((error as Error).message, { cause: error });
    }
    return withWorkspaceClient(args, io, {}, async (client) => {
      const { markdown } = await client['distill.summary']({ since: text });
      const out = args.values.out;
      if (typeof out === 'string') {
        const path = resolve(io.cwd, out);
        writeFileSync(path, markdown);
        io.err(`wrote ${path}`);
      } else io.out(markdown.trimEnd());
      return EXIT.ok;
    });
  },
};

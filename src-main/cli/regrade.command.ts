// `ai-eval regrade RUN`: re-scores a run's stored responses with the current graders into a new run (no target calls).
import { regradePreflight } from './cli-preflight';
import { COMMON_OPTIONS, UsageError, type Command } from './command';
import { parseReportFlags, REPORT_OPTIONS } from './run-flags';
import { withRunSession } from './run-session';
import { plural } from '../../src-shared/text/plural';

export const regradeCommand: Command = {
  name: 'regrade',
  summary: "Re-score a run's stored responses with the current graders, without calling the target",
  usage:
    'ai-eval regrade RUN [--concurrency N] [--source manual|ci|schedule] [--json FILE] [--junit FILE] [--skip-preflight] ' +
    '[--workspace DIR]',
  options: { ...COMMON_OPTIONS, ...REPORT_OPTIONS, 'skip-preflight': { type: 'boolean' } },
  allowPositionals: true,
  async run(args, io) {
    const [runId, ...extra] = args.positionals;
    if (!runId || extra.length > 0) throw new UsageError('give exactly one run id to regrade');
    const flags = parseReportFlags(args, io);
    return withRunSession(args, io, flags, async (session) => {
      const stopped = args.values['skip-preflight'] ? undefined : await regradePreflight(runId, session, io);
      if (stopped !== undefined) return stopped;
      const finished = await session.follow(
        () => session.client['runs.regrade']({ runId, source: flags.source, concurrency: flags.concurrency }),
        (started) =>
          io.err(
            `run ${started.runId}: regrading the ${plural(started.total, 'stored answer')} of run ${runId} (${started.targetId}) with ${started.graders.join(', ')}`,
          ),
      );
      return { finished: [finished], refused: false };
    });
  },
};

// The ordered list of migrations; a migration's version is its position (1-based). Never edit an applied one.
import * as m0001 from './0001-initial';
import * as m0002 from './0002-traces-review';
import * as m0003 from './0003-optimizer-changes';
import * as m0004 from './0004-envelope-imports';
import * as m0005 from './0005-review-queue-order';
import * as m0006 from './0006-review-groups';
import * as m0007 from './0007-review-items-one-key';
import * as m0008 from './0008-trace-keys';
import * as m0009 from './0009-item-conversation-from-spans';
import * as m0010 from './0010-local-runs';
import * as m0011 from './0011-tool-result-cut';
import * as m0012 from './0012-question-history';
import * as m0013 from './0013-label-reviewers';
import * as m0014 from './0014-label-history-reviewer';
import * as m0015 from './0015-gold-sample-design';
import * as m0016 from './0016-label-files';
import * as m0017 from './0017-runs-created';
import * as m0018 from './0018-drop-unused-labels';
import * as m0019 from './0019-label-lines';

/**
 * `sql` is the migration on SQLite; `postgres` the same on PostgreSQL, which every migration after
 * POSTGRES_BASELINE_VERSION must have (a team store starts from the baseline, postgres-baseline.ts).
 * foreignKeysOff: the migration rebuilds a table others reference, so it runs with foreign keys off (checked after).
 */
export type Migration = Readonly<{
  version: number;
  name: string;
  sql: string;
  postgres?: string;
  foreignKeysOff?: boolean;
}>;

export const MIGRATIONS: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
].map((m, index) => ({
  version: index + 1,
  name: m.name,
  sql: m.sql,
  postgres: 'postgres' in m ? (m.postgres as string) : undefined,
  foreignKeysOff: 'foreignKeysOff' in m && m.foreignKeysOff,
}));

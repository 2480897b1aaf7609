// The team store the benchmarks write to: the server AIEVAL_STORE_URL and AIEVAL_STORE_PASSWORD name, else a
// throwaway cluster of the PostgreSQL server installed here (stopped and removed by stop()); and a cluster's CPU time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresBinDir, startThrowawayPostgres } from '../test/support/throwaway-postgres';

export type TeamStoreServer = {
  url: string;
  password: string;
  /** The server's main process, where it is a throwaway cluster (its CPU time is read by clusterCpuMs). */
  postmasterPid?: number;
  stop(): void;
};

const TICK_MS = 10;

/** utime, stime, cutime, cstime and the parent of a process, from /proc (the fields after the command's name). */
function procStat(pid: string): { parent: number; own: number; reaped: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { parent: fields[1]!, own: fields[11]! + fields[12]!, reaped: fields[13]! + fields[14]! };
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * The CPU time (ms) a PostgreSQL cluster has used so far: its postmaster's, its children's that ended (a connection's
 * backend ends with it) and those still running; undefined where /proc cannot be read.
 */
export function clusterCpuMs(postmasterPid: number): number | undefined {
  const main = procStat(String(postmasterPid));
  if (main === undefined) return undefined;
  let ticks = main.own + main.reaped;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const child = procStat(pid);
    if (child?.parent === postmasterPid) ticks += child.own;
  }
  return ticks * TICK_MS;
}

export async function teamStoreServer(): Promise<TeamStoreServer> {
  const { AIEVAL_STORE_URL: url, AIEVAL_STORE_PASSWORD: password } = process.env;
  if (url) return { url, password: password ?? '', stop: () => undefined };
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server: set AIEVAL_STORE_URL, or install the postgresql package');
  const server = await startThrowawayPostgres(bin);
  const postmasterPid = Number(readFileSync(join(server.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { ...server, postmasterPid };
}

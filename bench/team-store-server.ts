// The team store the benchmarks write to: the server AIEVAL_STORE_URL and AIEVAL_STORE_PASSWORD name, else a
// throwaway cluster of the PostgreSQL server installed here (stopped and removed by stop()).
import { postgresBinDir, startThrowawayPostgres } from '../test/support/throwaway-postgres';

export type TeamStoreServer = { url: string; password: string; stop(): void };

export async function teamStoreServer(): Promise<TeamStoreServer> {
  const { AIEVAL_STORE_URL: url, AIEVAL_STORE_PASSWORD: password } = process.env;
  if (url) return { url, password: password ?? '', stop: () => undefined };
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server: set AIEVAL_STORE_URL, or install the postgresql package');
  return startThrowawayPostgres(bin);
}

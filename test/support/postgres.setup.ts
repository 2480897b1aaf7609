// The integration tests' PostgreSQL: the server AIEVAL_TEST_POSTGRES_URL names, else a throwaway cluster started here
// where the PostgreSQL server is installed (stopped and removed after the tests). Where neither is there, the team
// store's tests skip, saying why, unless AIEVAL_TEST_POSTGRES_REQUIRED=1 (CI), which makes them fail instead.
import { postgresBinDir, startThrowawayPostgres } from './throwaway-postgres';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.AIEVAL_TEST_POSTGRES_URL) return undefined;
  const bin = postgresBinDir();
  if (!bin) return undefined;
  const server = await startThrowawayPostgres(bin);
  // The test processes start after this and inherit these.
  process.env.AIEVAL_TEST_POSTGRES_URL = server.url;
  process.env.AIEVAL_TEST_POSTGRES_PASSWORD = server.password;
  process.env.AIEVAL_TEST_POSTGRES_CA = server.caFile;
  return () => server.stop();
}

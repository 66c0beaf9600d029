// `npm run seed -- [--sheets N] [--orders N] [--todos N] [--company ID] [--seed N]`: demo data on
// an empty database, bench-scale data for one company. The work is in server/demo/seed/cli.ts.
import { runSeedCli } from '../server/demo/seed/cli';

runSeedCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);

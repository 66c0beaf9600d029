// `npm run registrations -- list|approve <id> --company <id>|reject <id>`: the operator's side of
// registration requests. The work is in server/account/registrationsCli.ts.
import { runRegistrationsCli } from '../server/account/registrationsCli';

runRegistrationsCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);

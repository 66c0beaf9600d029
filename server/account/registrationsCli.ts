// `npm run registrations -- list [--all] | approve <id> --company <id> [--admin] | reject <id>`:
// the operator's side of registration, on the database the server uses (DATABASE_URL, else
// PGlite in DATA_DIR: stop the server first, PGlite is single-process). Approval creates the
// account and an IN_SERVICE contact and "sends" the sign-in by SMS (the outbox: log and
// SMS_OUTBOX_FILE); the person then changes the initial password in the personal centre.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { dataDirBusyMessage, dataDirStatus } from '../db/dataDirGuard';
import { HttpError } from '../http/httpError';
import { aliyunSmsProvider } from './aliyunSms';
import { approveRegistration, listRegistrations, rejectRegistration } from './registrations';
import { createSmsOutbox, type SmsLog, type SmsProvider } from './smsOutbox';

export const REGISTRATIONS_USAGE = `Usage: npm run registrations -- <command>

  list [--all]                       pending registration requests (--all: every state)
  approve <id> --company <id> [--admin]
                                     create the account (username = mobile, initial password by
                                     SMS) and an IN_SERVICE employee of the company
  reject <id>                        refuse the request
  --force                            skip the check that no server has the PGlite folder open`;

export interface CliOutput {
  info(line: string): void;
  error(line: string): void;
}

const consoleOutput: CliOutput = {
  info: (line) => console.info(line),
  error: (line) => console.error(line),
};

const wholeNumber = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      admin: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return { ...values, command: positionals[0], id: wholeNumber(positionals[1]) };
}

/** Runs one command on an open database; answers the exit code. */
export async function runRegistrationsCommand(
  database: Database,
  argv: string[],
  out: CliOutput = consoleOutput,
  log: SmsLog = {
    warn: (_object, message) => out.info(message),
    info: (_object, message) => out.info(message),
  },
  outboxFile: string | null = process.env.SMS_OUTBOX_FILE?.trim() || null,
  provider: SmsProvider | null = null,
): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    out.error(
      `${error instanceof Error ? error.message : String(error)}\n\n${REGISTRATIONS_USAGE}`,
    );
    return 2;
  }
  const { db } = database;
  try {
    switch (args.command) {
      case 'list': {
        const rows = await listRegistrations(db, args.all ? 'ALL' : 'PENDING');
        if (rows.length === 0)
          out.info(args.all ? 'No registration requests.' : 'No pending registration requests.');
        for (const r of rows) {
          const decided =
            r.state === 'PENDING'
              ? ''
              : `  company ${r.companyId ?? '-'}  account ${r.accountId ?? '-'}`;
          out.info(
            `#${r.id}  ${r.state.padEnd(8)}  ${r.mobile}  ${r.name}  ${r.createdAt.toISOString()}${decided}`,
          );
        }
        return 0;
      }
      case 'approve': {
        const company = wholeNumber(args.company);
        if (args.id === null || company === null)
          throw new UsageError('approve needs <id> and --company <id>.');
        // As the server: the initial password is printed only outside production (L4).
        const outbox = createSmsOutbox(log, outboxFile, {
          revealSecrets: process.env.NODE_ENV !== 'production',
          provider,
        });
        const approval = await approveRegistration(db, outbox, {
          id: args.id,
          companyId: company,
          admin: args.admin,
        });
        out.info(
          `Approved #${approval.requestId}: account ${approval.accountId} (username ${approval.username}), employee ${approval.contactId} of ${approval.companyName}. The initial password went to the SMS outbox.`,
        );
        return 0;
      }
      case 'reject': {
        if (args.id === null) throw new UsageError('reject needs <id>.');
        await rejectRegistration(db, args.id);
        out.info(`Rejected #${args.id}.`);
        return 0;
      }
      default:
        if (args.help) {
          out.info(REGISTRATIONS_USAGE);
          return 0;
        }
        throw new UsageError(args.command ? `Unknown command "${args.command}".` : 'No command.');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\n\n${REGISTRATIONS_USAGE}`);
      return 2;
    }
    if (error instanceof HttpError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** The command line: opens the server's database, runs the command, closes it. */
export async function runRegistrationsCli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const onPglite = !config.databaseUrl && !config.dataDir.startsWith('memory://');
  if (onPglite && !argv.includes('--force')) {
    const busy = dataDirBusyMessage(config.dataDir, await dataDirStatus(config.dataDir));
    if (busy) {
      console.error(busy);
      return 1;
    }
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    // The approval's SMS goes out as the server's would (SMS_PROVIDER).
    const provider = config.smsProvider ? aliyunSmsProvider(config.smsProvider) : null;
    return await runRegistrationsCommand(database, argv, undefined, undefined, undefined, provider);
  } finally {
    await database.close();
  }
}

// A sign-in that read the account's hash and then waited (in the scrypt queue) while a password
// change committed must not succeed with the old password (security review follow-up #9).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../server/auth/passwords';
import { accounts } from '../../../server/db/schema/index';
import { checkCredentials } from '../../../server/idp/accounts';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/idp/loginLimit';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { createAccount } from '../../support/tokens';

// Runs between the password's check and its answer, as a change committing meanwhile would.
const during = vi.hoisted(() => ({ verify: null as null | (() => Promise<void>) }));

vi.mock('../../../server/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/auth/passwords')>();
  return {
    ...original,
    verifyPassword: async (password: string, stored: string) => {
      const matches = await original.verifyPassword(password, stored);
      const hook = during.verify;
      during.verify = null;
      if (hook) await hook();
      return matches;
    },
  };
});

const OLD = 'Alt@2026pw';
const NEW = 'Neu@2026pw';

describe.each(drivers)('a sign-in racing a password change on %s', (driver) => {
  let server: TestServer;
  let accountId: number;
  let address = 0;
  const signIn = (username: string, password: string) =>
    checkCredentials(server.db.database.db, DEFAULT_LOGIN_LIMITS, {
      username,
      password,
      ip: `10.9.0.${++address}`,
    });

  beforeAll(async () => {
    server = await startTestServer(driver);
    accountId = await createAccount(server.db.database, {
      username: 'racer9',
      password: OLD,
      name: 'racer9',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the old password when the hash changed while it was checked', async () => {
    const db = server.db.database.db;
    const newHash = await hashPassword(NEW);
    during.verify = async () => {
      await db.update(accounts).set({ passwordHash: newHash }).where(eq(accounts.id, accountId));
    };
    expect(await signIn('racer9', OLD)).toEqual({ ok: false, reason: 'invalid' });
    expect(await signIn('racer9', NEW)).toEqual({ ok: true, accountId: String(accountId) });
  });

  it('refuses an account disabled while its password was checked', async () => {
    const db = server.db.database.db;
    during.verify = async () => {
      await db.update(accounts).set({ disabled: true }).where(eq(accounts.id, accountId));
    };
    expect(await signIn('racer9', NEW)).toMatchObject({ ok: false });
  });
});

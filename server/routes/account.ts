// The personal centre's calls and registration (settings-messaging-shared §2 "Personal centre",
// "Registration page", §5 "Password reset", §7 "Miscellaneous" and "Partners"): the SMS code of
// a password reset, the user's own profile, password and avatar (only the user themself: 403 for
// anyone else), and the public registration calls (image code, SMS code, submit). Services:
// server/account/*.
import type { FastifyInstance } from 'fastify';
import type {
  PasswordBody,
  RegistrationBody,
  RegistrationCodeBody,
} from '../../src/contract/api/account';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { ACCOUNT_MESSAGES } from '../../src/domain/account/messages';
import { RESEND_LOCK_SECONDS } from '../../src/domain/account/password';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import {
  changeAvatar,
  changePassword,
  passwordCodeMobile,
  requireSelf,
  userProfile,
} from '../account/accountService';
import { aliyunSmsProvider } from '../account/aliyunSms';
import { createImageCode } from '../account/imageCodes';
import { sendRegistrationCode, submitRegistration } from '../account/registrations';
import { createSmsOutbox, imageCodeRecorder, smsMessages } from '../account/smsOutbox';
import { CODE_TTL_MINUTES, issueCode } from '../account/verificationCodes';
import { PasswordHashBusy } from '../auth/passwords';
import { requireUser } from '../auth/session';
import type { AppContext } from '../context';
import { addressKey } from '../http/clientAddress';
import { HttpError } from '../http/httpError';
import { byAccountOrAddress, registerRateLimits } from '../http/rateLimits';
import { answer, ok } from '../http/replies';
import { currentCompanyId, idParams as sharedIdParams } from '../http/schemas';
import { signInsEndedTopic } from '../live/protocol';
import { mutate } from '../sync/mutation';

const idParams = sharedIdParams('id');
const mobile = { type: 'string', maxLength: 20 } as const;
const shortText = { type: 'string', maxLength: 100 } as const;

/**
 * The public registration calls, per client address and minute: plenty for a person at the
 * form, not for a script filling the image-code table or the SMS outbox (each code also has
 * its own per-mobile resend lock).
 */
export const REGISTRATION_RATE_LIMITS = { imageCode: 30, smsCode: 20, submit: 20 } as const;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/** Registration SMS codes sent for one address (an IPv6 /64) an hour. */
export const REGISTRATION_SMS_PER_ADDRESS_HOURLY = 5;
/** Password changes one account may try an hour: room for typos, not for a hashing flood. */
export const PASSWORD_CHANGES_PER_HOUR = 20;

const codeAnswer = {
  sent: true as const,
  resend_after: RESEND_LOCK_SECONDS,
  expires_in: CODE_TTL_MINUTES * 60,
};

export function registerAccount(
  app: FastifyInstance,
  { database, config, bus }: Pick<AppContext, 'database' | 'config' | 'bus'>,
) {
  const { db } = database;
  const outbox = createSmsOutbox(app.log, config.smsOutboxFile, {
    revealSecrets: !config.production,
    provider: config.smsProvider ? aliyunSmsProvider(config.smsProvider) : null,
  });
  const recordImageCode = imageCodeRecorder(config.smsOutboxFile);

  // The password reset's code, sent to the signed-in user's own mobile only.
  app.get<{ Querystring: { mobile: string } }>(
    '/api/v7/sms/verify_code',
    {
      config: { auth: 'user' },
      schema: {
        querystring: {
          type: 'object',
          required: ['mobile'],
          properties: { currentCompanyId, mobile },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const to = await passwordCodeMobile(db, user, request.query.mobile);
      const code = await issueCode(db, to, 'PASSWORD');
      await outbox(smsMessages.code(to, 'PASSWORD', code, CODE_TTL_MINUTES));
      return answer(R.smsCode, codeAnswer);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/partners-api/v7/users/:id',
    {
      config: { auth: 'user' },
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { currentCompanyId } },
      },
    },
    async (request) => {
      const user = requireUser(request);
      requireSelf(user, request.params.id);
      return ok(await userProfile(db, user));
    },
  );

  // The password change, per account and hour (security review follow-up #2): each one that
  // passes the code costs a password hash, and the code itself allows only a few wrong tries.
  app.register(async (scope) => {
    await registerRateLimits(scope, byAccountOrAddress('password-change'));
    scope.put<{ Params: { id: number }; Body: PasswordBody }>(
      '/partners-api/v7/users/:id/passwords',
      {
        config: {
          auth: 'user',
          rateLimit: { max: PASSWORD_CHANGES_PER_HOUR, timeWindow: 3600_000 },
        },
        schema: {
          params: idParams,
          querystring: { type: 'object', properties: { currentCompanyId } },
          body: {
            type: 'object',
            properties: {
              verify_code: { type: 'string', maxLength: 20 },
              new_password: { type: 'string', maxLength: 128 },
            },
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        requireSelf(user, request.params.id);
        try {
          await changePassword(db, user, request.body ?? {});
        } catch (error) {
          if (!(error instanceof PasswordHashBusy)) throw error;
          // The line of password hashes is full (the code was right and is still unused).
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new HttpError(503, 'SERVER_BUSY', COMMON_MESSAGES.SERVER_BUSY);
        }
        // Open sockets of the sign-ins the change ended close now, not when their tokens expire.
        await bus
          .publish(signInsEndedTopic(user.accountId), {})
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'sign-ins ended: not announced'),
          );
        return answer(R.changePassword, { id: user.accountId });
      },
    );
  });

  app.put<{ Params: { id: number }; Querystring: { avatar: string } }>(
    '/partners-api/v7/users/:id/avatar',
    {
      config: { auth: 'user' },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          required: ['avatar'],
          properties: {
            currentCompanyId,
            avatar: { type: 'string', minLength: 1, maxLength: 400 },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireSelf(user, request.params.id);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(R.changeAvatar, await changeAvatar(tx, changes, user, request.query.avatar)),
      );
    },
  );

  // ---- Registration: public, rate-limited per address (429 in our envelope, Retry-After) ----
  app.register(async (scope) => {
    await registerRateLimits(scope, (request) => addressKey(request.ip));
    // Codes actually sent to one address's requests an hour (security review follow-up #5):
    // counted once the image code passed, so typos cost nothing; far below the global budget.
    const smsPerAddress = scope.createRateLimit({
      max: REGISTRATION_SMS_PER_ADDRESS_HOURLY,
      timeWindow: 3600_000,
      keyGenerator: (request) => `registration-sms:${addressKey(request.ip)}`,
    });

    scope.get(
      '/api/v7/registrations/image_code',
      { config: { auth: 'public', ...perMinute(REGISTRATION_RATE_LIMITS.imageCode) } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return answer(
          R.registrationImageCode,
          await createImageCode(db, { record: recordImageCode }),
        );
      },
    );

    scope.post<{ Body: RegistrationCodeBody }>(
      '/api/v7/registrations/verify_code',
      {
        config: { auth: 'public', ...perMinute(REGISTRATION_RATE_LIMITS.smsCode) },
        schema: {
          body: {
            type: 'object',
            properties: {
              mobile,
              image_code_id: { type: 'string', maxLength: 64 },
              image_code: { type: 'string', maxLength: 20 },
            },
          },
        },
      },
      async (request, reply) => {
        const spendAddressBudget = async () => {
          const spent = await smsPerAddress(request);
          if (spent.isAllowed || !spent.isExceeded) return;
          reply.header('retry-after', String(spent.ttlInSeconds));
          throw new HttpError(429, 'SMS_ADDRESS_BUDGET', ACCOUNT_MESSAGES.SMS_BUDGET_SPENT);
        };
        await sendRegistrationCode(db, outbox, request.body ?? {}, {
          ...config.smsBudget,
          spendAddressBudget,
        });
        return answer(R.registrationSmsCode, codeAnswer);
      },
    );

    scope.post<{ Body: RegistrationBody }>(
      '/api/v7/registrations',
      {
        config: { auth: 'public', ...perMinute(REGISTRATION_RATE_LIMITS.submit) },
        schema: {
          body: {
            type: 'object',
            properties: { name: shortText, mobile, verify_code: { type: 'string', maxLength: 20 } },
          },
        },
      },
      async (request) => answer(R.register, await submitRegistration(db, request.body ?? {})),
    );
  });
}

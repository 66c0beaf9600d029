// The account's calls: the signed-in user and its companies (GET /api/v7/user, settings-messaging-shared §3 "Current
// user", §6), the personal centre's (sms verify_code, password, avatar: settings-messaging-shared
// §7) and the registration's (ours: docs/api.md). The user's shape is validated on arrival and
// again when read back from the offline copy (src/platform/session/storedSession.ts).
import { z } from 'zod';
import { type NoRequest, route } from './route';

const permissionSchema = z.object({ id: z.string(), code: z.string() });

const membershipSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  admin: z.boolean(),
  contact_id: z.number().int(),
  permissions: z.array(permissionSchema),
  company: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    short_name: z.string().nullable(),
    vip: z.boolean(),
  }),
});

export const userInfoSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  mobile: z.string().nullable(),
  timezone: z.string(),
  companies: z.array(membershipSchema),
  /** Set (with `companies: []`) when the account may not use the system (settings-messaging-shared §4 "Login"). */
  no_company_message: z.string().nullable(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;
export type Membership = UserInfo['companies'][number];

export const codeSentSchema = z.object({
  sent: z.literal(true),
  resend_after: z.number().int().nonnegative(),
  expires_in: z.number().int().nonnegative(),
});

export const accountIdSchema = z.object({ id: z.number().int().positive() });

export const avatarSchema = z.object({ avatar: z.string().min(1) });

/** The registration's human check: a proof-of-work challenge (altcha-lib's parameters). */
export const imageCodeSchema = z.object({
  id: z.string().min(1),
  challenge: z.object({
    algorithm: z.string().min(1),
    nonce: z.string().min(1),
    salt: z.string().min(1),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: z.string().min(1),
    expiresAt: z.number().optional(),
  }),
});
export type ImageCode = z.infer<typeof imageCodeSchema>;

export const registrationSchema = z.object({
  id: z.number().int().positive(),
  state: z.literal('PENDING'),
});

/** PUT /users/{id}/passwords. */
export interface PasswordBody {
  verify_code?: string;
  new_password?: string;
}

/** POST /registrations/verify_code: the mobile, and the solved human check. */
export interface RegistrationCodeBody {
  mobile?: string;
  image_code_id?: string;
  image_code?: string;
}

/** POST /registrations. */
export interface RegistrationBody {
  name?: string;
  mobile?: string;
  verify_code?: string;
}

const usersPath = ({ accountId }: { accountId: number }) => `/partners-api/v7/users/${accountId}`;

export const ACCOUNT_ROUTES = {
  userInfo: route<NoRequest>()({
    method: 'GET',
    path: () => '/api/v7/user',
    answer: userInfoSchema,
  }),
  smsCode: route<{ query: { mobile: string } }>()({
    method: 'GET',
    path: () => '/api/v7/sms/verify_code',
    answer: codeSentSchema,
  }),
  changePassword: route<{ body: PasswordBody }>()({
    method: 'PUT',
    path: (p: { accountId: number }) => `${usersPath(p)}/passwords`,
    answer: accountIdSchema,
  }),
  changeAvatar: route<{ query: { avatar: string } }>()({
    method: 'PUT',
    path: (p: { accountId: number }) => `${usersPath(p)}/avatar`,
    answer: avatarSchema,
  }),
  registrationImageCode: route<NoRequest>()({
    method: 'GET',
    path: () => '/api/v7/registrations/image_code',
    answer: imageCodeSchema,
  }),
  registrationSmsCode: route<{ body: RegistrationCodeBody }>()({
    method: 'POST',
    path: () => '/api/v7/registrations/verify_code',
    answer: codeSentSchema,
  }),
  register: route<{ body: RegistrationBody }>()({
    method: 'POST',
    path: () => '/api/v7/registrations',
    answer: registrationSchema,
  }),
};

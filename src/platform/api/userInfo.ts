// GET /api/v7/user (settings-messaging-shared §3 "Current user", "Current company membership",
// §6): the signed-in account and every company it may act for, with its admin flag and
// permissions there. Validated on arrival and again when read back from the offline copy.
import { z } from 'zod';

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
  /** Set (with `companies: []`) when the account may not use the system (spec §4 "Login"). */
  no_company_message: z.string().nullable(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;
export type Membership = UserInfo['companies'][number];

export const USER_INFO_PATH = '/api/v7/user';

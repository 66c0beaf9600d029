// The personal centre's and registration's calls (settings-messaging-shared §7 "Miscellaneous"
// sms verify_code, "Partners" users calls; the registration calls are ours: docs/api.md) with the
// shapes of their answers, validated on arrival.
import { z } from 'zod';

export const SMS_CODE_PATH = '/api/v7/sms/verify_code';
export const FILES_PATH = '/api/v7/files';
export const usersPath = (id: number) => `/partners-api/v7/users/${id}`;
export const REGISTRATION_IMAGE_CODE_PATH = '/api/v7/registrations/image_code';
export const REGISTRATION_SMS_CODE_PATH = '/api/v7/registrations/verify_code';
export const REGISTRATIONS_PATH = '/api/v7/registrations';

export const codeSentSchema = z.object({
  sent: z.literal(true),
  resend_after: z.number().int().nonnegative(),
  expires_in: z.number().int().nonnegative(),
});

export const accountIdSchema = z.object({ id: z.number().int().positive() });

export const uploadedFileSchema = z.object({ object_name: z.string().min(1) });

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

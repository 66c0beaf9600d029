// The stored shape of the refresh tokens still to revoke (src/platform/auth/revocations.ts), apart from
// the queue so src/platform/persisted.ts can declare its key without importing the queue back.
import { z } from 'zod';

/** Sign-outs kept: a device does not sign out offline more often than this between contacts. */
export const MAX_PENDING_REVOCATIONS = 20;

export const pendingRevocationsSchema = z
  .array(
    z.object({
      token: z.string().min(1),
      queuedAt: z.number(),
      /**
       * When a sign-in left for the provider with this token still queued: the provider may give
       * that sign-in the token's grant, so the token is no longer revoked (review #11).
       */
      signInAt: z.number().optional(),
    }),
  )
  .max(MAX_PENDING_REVOCATIONS);

export type PendingRevocation = z.infer<typeof pendingRevocationsSchema>[number];

// Whose outbox the service worker may send while the app is closed, and where: the page writes it
// when a session is signed in and clears it at every session end, so a device whose user signed
// out never sends again. The service worker reads it with the stored user (same database).
import { z } from 'zod';
import type { AuthDb } from './authDb';

const TARGET_KEY = 'current';

export const backgroundTargetSchema = z.object({
  userId: z.number().int(),
  userSub: z.string().min(1),
  companies: z.array(z.number().int()),
  /** The API's base ('' for this origin). */
  baseUrl: z.string(),
  /** The provider, for the service worker's own UserManager. */
  auth: z.object({ authority: z.string(), clientId: z.string(), scope: z.string() }),
});
export type StoredBackgroundTarget = z.infer<typeof backgroundTargetSchema>;

export async function saveBackgroundTarget(
  db: AuthDb,
  target: StoredBackgroundTarget,
): Promise<void> {
  await db.target.put({ key: TARGET_KEY, value: target });
}

export async function clearBackgroundTarget(db: AuthDb): Promise<void> {
  await db.target.delete(TARGET_KEY);
}

/** The stored target; none, or one this release cannot read: null (nothing is sent). */
export async function readBackgroundTarget(db: AuthDb): Promise<StoredBackgroundTarget | null> {
  const row = await db.target.get(TARGET_KEY);
  const parsed = backgroundTargetSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

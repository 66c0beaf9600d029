// The shapes the session keeps in Web Storage (declared in src/platform/persisted.ts). Each copy names
// the token subject it belongs to, so a second person signing in on the same device never starts
// from the first one's account or company.
import { z } from 'zod';
import { userInfoSchema } from '../../contract/api/account';

/** oidc-client-ts's own entries (its key → its serialized value), kept as it wrote them. */
export const oidcEntriesSchema = z.record(z.string(), z.string());

export const cachedAccountSchema = z.object({
  sub: z.string().min(1),
  fetchedAt: z.number(),
  user: userInfoSchema,
});
export type CachedAccount = z.infer<typeof cachedAccountSchema>;

export const companyChoiceSchema = z.object({
  sub: z.string().min(1),
  companyId: z.number().int().positive(),
});
export type CompanyChoice = z.infer<typeof companyChoiceSchema>;

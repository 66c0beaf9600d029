// The runtime settings the app reads from /config.json at start (DESIGN §3 "Environments"), so
// one build serves dev, staging, demo and production. Declared once here: the server answers
// with this shape and the app validates what it reads (and what it kept offline) against it.
import { z } from 'zod';

export const runtimeConfigSchema = z.object({
  /** Base URL of the API; empty means this origin. */
  gateway: z.string(),
  /** The live channel: a path on this origin (`/ws`) or a full ws(s):// URL. */
  websocket: z.string().min(1),
  publicWebsite: z.string(),
  auth: z.object({
    authority: z.url(),
    clientId: z.string().min(1),
    scope: z.string().min(1),
  }),
  searchHost: z.string(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

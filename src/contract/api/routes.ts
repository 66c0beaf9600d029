// Every route the app calls, in one registry: the main thread calls them with
// `api.call(APP_ROUTES.x, …)` (src/platform/api/apiClient.ts), the server types each handler's
// answer with `answer(APP_ROUTES.x, …)` (server/http/replies.ts), and
// tests/contract/routes.test.ts calls each against the real server. To add a route: declare it
// in its area's file, add the area here if new, and give the contract test a case (it will not
// compile without one). The worker imports its two entries from files.ts and counters.ts
// directly, so its bundle does not take in every schema. The outbox's writes are not entries:
// their paths and bodies are in outbox.ts, their answers are synced rows (feedRows.ts).
import { ACCOUNT_ROUTES } from './account';
import { CATALOG_ROUTES } from './catalog';
import { CHAT_ROUTES } from './chat';
import { COMPANY_ROUTES } from './company';
import { COUNTER_ROUTES } from './counters';
import { FILE_ROUTES } from './files';
import { LIST_ROUTES } from './lists';
import { REPORT_ROUTES } from './reports';
import { SHEET_ROUTES } from './sheets';
import { SHELL_ROUTES } from './shell';
import { STAFF_ROUTES } from './staff';

export const APP_ROUTES = {
  ...SHELL_ROUTES,
  ...ACCOUNT_ROUTES,
  ...STAFF_ROUTES,
  ...COMPANY_ROUTES,
  ...CATALOG_ROUTES,
  ...CHAT_ROUTES,
  ...LIST_ROUTES,
  ...SHEET_ROUTES,
  ...FILE_ROUTES,
  ...COUNTER_ROUTES,
  ...REPORT_ROUTES,
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

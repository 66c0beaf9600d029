// The feed contract at compile time: the server's loaders return the contract's rows, and a
// projection, a schema or a feed write that renamed, dropped or retyped a field does not build
// (each such line below is marked as an expected error, so `tsc -p tsconfig.test.json` fails
// the day one of them compiles).
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { ChangeSet } from '../../server/sync/changeSet';
import type { loadBrandRows } from '../../server/sync/projections/brands';
import type { loadCompanyRows } from '../../server/sync/projections/companies';
import type { loadOrderRows } from '../../server/sync/projections/orders';
import type { loadSheetRows } from '../../server/sync/projections/sheets';
import type { loadStaffRows } from '../../server/sync/projections/staff';
import type { loadTodoRows } from '../../server/sync/projections/todos';
import type { FeedPage } from '../../src/contract/feed';
import type {
  BrandRow,
  CompanyRow,
  FeedChange,
  OrderRow,
  SheetRow,
  StaffRow,
  SyncTable,
  TodoRow,
} from '../../src/contract/feedRows';
import type { LiveClientFrame } from '../../src/contract/live';
import type { ClientFrame } from '../../src/sync/live/frames';
import { todoRowStub } from '../support/rowStubs';

type Loaded<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

describe('the feed contract at compile time', () => {
  it('types every server loader with its contract row', () => {
    expectTypeOf<Loaded<typeof loadSheetRows>>().toEqualTypeOf<Map<number, SheetRow>>();
    expectTypeOf<Loaded<typeof loadOrderRows>>().toEqualTypeOf<Map<number, OrderRow>>();
    expectTypeOf<Loaded<typeof loadTodoRows>>().toEqualTypeOf<Map<number, TodoRow>>();
    expectTypeOf<Loaded<typeof loadStaffRows>>().toEqualTypeOf<Map<number, StaffRow>>();
    expectTypeOf<Loaded<typeof loadCompanyRows>>().toEqualTypeOf<Map<number, CompanyRow>>();
    expectTypeOf<Loaded<typeof loadBrandRows>>().toEqualTypeOf<Map<number, BrandRow>>();
  });

  it('refuses a projected row with a renamed, missing or retyped field', () => {
    const { subject, ...withoutSubject } = todoRowStub(1, 1);
    // @ts-expect-error a projection that renamed `subject` to `title` is not a TodoRow
    const renamed: TodoRow = { ...withoutSubject, title: subject };
    // @ts-expect-error a projection that forgot `subject` is not a TodoRow
    const missing: TodoRow = withoutSubject;
    // @ts-expect-error `state` is a code string on the wire, not a number
    const retyped: TodoRow = { ...todoRowStub(1, 1), state: 3 };
    expectTypeOf(renamed).toEqualTypeOf<TodoRow>();
    expectTypeOf(missing).toEqualTypeOf<TodoRow>();
    expectTypeOf(retyped).toEqualTypeOf<TodoRow>();
  });

  it('refuses a feed write of a row under another table', () => {
    const changes = new ChangeSet();
    // @ts-expect-error a to-do row cannot go into the sheets table of the feed
    changes.upsert('sheets', todoRowStub(1, 1), [1]);
    // @ts-expect-error `invoices` is not a synced table
    changes.remove('invoices', 1, [1]);
    expectTypeOf<Parameters<ChangeSet['remove']>[0]>().toEqualTypeOf<SyncTable>();
  });

  it('refuses a row schema that lacks a field of its row type', () => {
    // @ts-expect-error a schema of only `id` and `version` does not describe a TodoRow
    const schema: z.ZodMiniType<TodoRow> = z.object({ id: z.number(), version: z.number() });
    expectTypeOf(schema).not.toBeAny();
  });

  it('gives both ends one frame type and one page shape', () => {
    expectTypeOf<ClientFrame>().toEqualTypeOf<LiveClientFrame>();
    expectTypeOf<FeedPage['changes']>().toEqualTypeOf<FeedChange[]>();
  });
});

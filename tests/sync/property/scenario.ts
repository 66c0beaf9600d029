// What one property run does, as data fast-check generates and shrinks: how many tabs, then a
// handful of steps interleaving user mutations (in either tab), the network dropping and coming
// back, server faults, someone else's change of the same rows, crashes of a tab's worker at
// chosen points of a push, a takeover of the leadership, and the user's decisions on refused
// entries. Steps name rows by role ("the first draft", "the sheet made offline"), not by id, so a
// printed counterexample reads as a story and replays on any fresh tenant.
import fc from 'fast-check';

/** A row the user can act on: the tenant's drafts, its order, or the last sheet made in the run. */
export type Target = 'sheet0' | 'sheet1' | 'order' | 'created';
export type OwnerPick = 'colleague' | 'admin' | 'user' | 'departed';
export type FaultKind = 'unavailable' | 'reset' | 'slow-before' | 'slow-after';

export type Step =
  /** Change the owner; `departed` names a former employee (the server refuses it). */
  | { kind: 'owner'; tab: number; target: Target; to: OwnerPick }
  /** Create a draft sheet offline-capable; owner `departed` is refused. */
  | { kind: 'create'; tab: number; owner: 'creator' | 'colleague' | 'departed' }
  | { kind: 'save'; tab: number; target: 'sheet0' | 'sheet1' | 'created' }
  /** Post a message; `foreign` is another company's sheet (refused). */
  | { kind: 'message'; tab: number; thread: 'sheet0' | 'order' | 'created' | 'foreign' }
  | { kind: 'todo'; tab: number; todo: 0 | 1; state: 'READ' | 'PROCESSED' | 'DELAYED' }
  | { kind: 'network'; online: boolean }
  /** The next `count` requests of the target meet the fault (slow ones wait `ms`). */
  | { kind: 'fault'; fault: FaultKind; target: 'mutation' | 'pull'; count: number; ms: number }
  /** The app asks for a pull (focus, pull-to-refresh) and waits for it. */
  | { kind: 'pull'; tab: number }
  /** The admin changes the owner on the server: now, or just before our next request lands. */
  | { kind: 'someone'; target: 'sheet0' | 'order'; when: 'now' | 'next-request' }
  /** The tab's worker dies: now, or at its next mutation (before sending / after the commit). */
  | { kind: 'crash'; tab: number; at: 'now' | 'before-send' | 'after-commit' }
  /** The other tab becomes leader: the leader freezes (the follower steals) or reloads. */
  | { kind: 'takeover'; how: 'freeze' | 'reload' }
  /** The user acts on one of the refused entries shown. */
  | { kind: 'decide'; pick: number; action: 'retry' | 'overwrite' | 'discard' }
  | { kind: 'wait'; ms: number };

export interface Scenario {
  tabs: 1 | 2;
  steps: Step[];
}

const tab = fc.integer({ min: 0, max: 1 });
const target = fc.constantFrom<Target>('sheet0', 'sheet1', 'order', 'created');

const userSteps: Array<fc.WeightedArbitrary<Step>> = [
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('owner' as const),
      tab,
      target,
      to: fc.constantFrom<OwnerPick>('colleague', 'admin', 'user', 'departed'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      tab,
      owner: fc.constantFrom('creator' as const, 'colleague' as const, 'departed' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      tab,
      target: fc.constantFrom('sheet0' as const, 'sheet1' as const, 'created' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      tab,
      thread: fc.constantFrom(
        'sheet0' as const,
        'order' as const,
        'created' as const,
        'foreign' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('todo' as const),
      tab,
      todo: fc.constantFrom(0 as const, 1 as const),
      state: fc.constantFrom('READ' as const, 'PROCESSED' as const, 'DELAYED' as const),
    }),
  },
];

const worldSteps: Array<fc.WeightedArbitrary<Step>> = [
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('network' as const), online: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      fault: fc.constantFrom<FaultKind>('unavailable', 'reset', 'slow-before', 'slow-after'),
      target: fc.constantFrom('mutation' as const, 'mutation' as const, 'pull' as const),
      count: fc.integer({ min: 1, max: 3 }),
      ms: fc.constantFrom(20, 80),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('pull' as const), tab }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('someone' as const),
      target: fc.constantFrom('sheet0' as const, 'order' as const),
      when: fc.constantFrom('now' as const, 'next-request' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('crash' as const),
      tab,
      at: fc.constantFrom('now' as const, 'before-send' as const, 'after-commit' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('takeover' as const),
      how: fc.constantFrom('freeze' as const, 'reload' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      pick: fc.nat({ max: 3 }),
      action: fc.constantFrom('retry' as const, 'overwrite' as const, 'discard' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.integer({ min: 0, max: 60 }),
    }),
  },
];

export const step: fc.Arbitrary<Step> = fc.oneof(...userSteps, ...worldSteps);

export const scenario: fc.Arbitrary<Scenario> = fc.record({
  tabs: fc.constantFrom(1 as const, 2 as const),
  steps: fc.array(step, { minLength: 1, maxLength: 8 }),
});

// The sync commands, declared once: each is a method of SyncEngine, named in SYNC_COMMANDS. The
// router's messages, their answers, the session's dispatch and the worker's API all derive from
// this list and the engine's signatures, so adding a command is one engine method and its name
// here. A command may run twice with one outcome (a follower re-sends it to a new leader).
import type { SyncEngine } from './engine/engine';

export const SYNC_COMMANDS = [
  'pullNow',
  'enqueue',
  'retry',
  'discard',
  'status',
] as const satisfies ReadonlyArray<keyof SyncEngine>;

export type SyncCommandType = (typeof SYNC_COMMANDS)[number];

type Engine = Pick<SyncEngine, SyncCommandType>;

export type CommandArgs = { [K in SyncCommandType]: Parameters<Engine[K]> };

/** What each command answers: the engine method's result. */
export type SyncCommandResults = { [K in SyncCommandType]: Awaited<ReturnType<Engine[K]>> };

/** One command as it travels between tabs: its name and the engine method's arguments. */
export type SyncCommand<K extends SyncCommandType = SyncCommandType> = K extends unknown
  ? { type: K; args: CommandArgs[K] }
  : never;

/** The commands as a tab calls them; every answer is async (a follower's crosses the channel). */
export type SyncCommands = {
  [K in SyncCommandType]: (...args: CommandArgs[K]) => Promise<SyncCommandResults[K]>;
};

const NAMES: ReadonlySet<string> = new Set(SYNC_COMMANDS);

export const isCommandType = (value: unknown): value is SyncCommandType =>
  typeof value === 'string' && NAMES.has(value);

/** Runs the command on the engine (the leader's side). */
export async function runCommand<K extends SyncCommandType>(
  engine: Engine,
  command: SyncCommand<K>,
): Promise<SyncCommandResults[K]> {
  // The method and its arguments come from the same entry of the map (see SyncCommand).
  const method = engine[command.type] as (
    ...args: CommandArgs[K]
  ) => SyncCommandResults[K] | Promise<SyncCommandResults[K]>;
  return method.apply(engine, command.args as CommandArgs[K]);
}

/** The commands as methods that hand each call to `dispatch`. */
export function commandsVia(
  dispatch: <K extends SyncCommandType>(command: SyncCommand<K>) => Promise<SyncCommandResults[K]>,
): SyncCommands {
  const method =
    <K extends SyncCommandType>(type: K) =>
    (...args: CommandArgs[K]) =>
      dispatch({ type, args } as SyncCommand<K>);
  // One entry per name of SYNC_COMMANDS, each built by `method` for that name.
  return Object.fromEntries(SYNC_COMMANDS.map((type) => [type, method(type)])) as SyncCommands;
}

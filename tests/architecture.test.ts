// The layers, as the build enforces them: every import of src/, server/ and sw/ must follow an
// edge of the picture below (a folder imports itself, the shared bottom and what its line lists),
// and no files may import each other in a circle of value imports (an initialisation-order trap).
// A circle that needs an `import type` edge to close is allowed: types vanish at run time.
import { describe, expect, it } from 'vitest';
import {
  cycles,
  type ImportEdge,
  type ImportKind,
  importGraph,
  importsOf,
} from './support/importGraph';

/** The shared bottom: pure rules, then the wire contract (types, zod schemas, names). */
const DOMAIN = 'src/domain';
const CONTRACT = 'src/contract';

/**
 * Each folder (`src/<top>`, `server/<top>`, a root file of server/, or `sw`) with the folders it
 * may import besides itself, bottom layer first. Every folder may also import the shared bottom
 * (domain, and the contract above it). The client: data ← sync ← platform ← features ← routes ←
 * app, with auth (the stored sign-in, shared with the service worker) under platform. The
 * server: db ← http ← auth ← live ← sync ← services ← routes and demo ← app.
 */
// biome-ignore format: one layer a line is the picture
const LAYERS: Record<string, string[]> = {
  [DOMAIN]: [],
  [CONTRACT]: [],
  // The client, bottom up. The PDF definitions run in the tab and on the server.
  'src/data': [],
  'src/sync': ['src/data'],
  'src/documents': [],
  // The sign-in's stored user, its lock and renewal, for every context (the page, the service worker).
  'src/auth': [],
  'src/platform': ['src/data', 'src/sync', 'src/auth'],
  'src/features': ['src/data', 'src/sync', 'src/documents', 'src/platform'],
  'src/routes': ['src/platform', 'src/features'],
  'src/app': ['src/data', 'src/sync', 'src/platform', 'src/routes'],
  'src/main.tsx': ['src/platform', 'src/app'],
  // The service worker sends the outbox while the app is closed: the engine's background run and
  // the stored sign-in (the database layer only through src/sync).
  sw: ['src/sync', 'src/auth'],
  // The server, bottom up. config.ts names the database's timeouts; regexpFallback.ts is a flag.
  'server/db': [],
  'server/config.ts': ['server/db'],
  // The environment table's words (README), typed by the config schema.
  'server/configDocs.ts': ['server/config.ts'],
  'server/regexpFallback.ts': [],
  'server/http': ['server/db'],
  'server/auth': ['server/db', 'server/http'],
  'server/live': ['server/db', 'server/http', 'server/auth', 'server/context.ts'],
  'server/sync': ['server/db', 'server/http', 'server/live'],
  // What route groups are built with (AppContext): types of the layers below.
  'server/context.ts': ['server/config.ts', 'server/db', 'server/auth', 'server/live'],
  // The services. They throw HttpError (http) but know nothing of Fastify's routes.
  'server/idp': ['server/config.ts', 'server/context.ts', 'server/db', 'server/http', 'server/auth'],
  'server/partners': ['server/db', 'server/http', 'server/auth', 'server/live', 'server/sync'],
  'server/messaging': ['server/db', 'server/http', 'server/auth', 'server/live', 'server/sync', 'server/partners'],
  'server/purchasing': ['server/db', 'server/http', 'server/sync', 'server/partners'],
  'server/account': ['server/config.ts', 'server/db', 'server/http', 'server/auth', 'server/sync', 'server/idp', 'server/partners'],
  'server/documents': ['src/documents', 'server/regexpFallback.ts', 'server/db', 'server/http', 'server/sync', 'server/purchasing'],
  // The HTTP routes, then the demo (seed, simulator) on the services, then the composition root.
  'server/routes': ['server/config.ts', 'server/context.ts', 'server/db', 'server/http', 'server/auth', 'server/live', 'server/sync', 'server/account', 'server/documents', 'server/messaging', 'server/partners', 'server/purchasing'],
  'server/demo': ['server/config.ts', 'server/db', 'server/http', 'server/auth', 'server/sync', 'server/messaging', 'server/purchasing'],
  // Housekeeping on a timer: it reaches the sync layer and the messaging service's file GC.
  'server/maintenance.ts': ['server/db', 'server/sync', 'server/messaging'],
  'server/app.ts': ['server/config.ts', 'server/context.ts', 'server/maintenance.ts', 'server/http', 'server/auth', 'server/live', 'server/idp', 'server/routes', 'server/demo'],
  'server/main.ts': ['server/config.ts', 'server/regexpFallback.ts', 'server/db', 'server/http', 'server/documents', 'server/demo', 'server/app.ts'],
};

/** Edges of the picture that may carry `import type` only, each with its reason. */
const TYPES_ONLY: Record<string, string> = {
  'server/config.ts -> server/db': 'the settings name the database timeouts type',
  'server/context.ts -> server/auth': 'AppContext names the token verifier',
  'server/context.ts -> server/live': 'AppContext names the live bus',
  'server/live -> server/context.ts':
    'the /ws route is built with AppContext, as the route groups are',
};

/** Edges of the picture nothing uses yet, kept on purpose (each with its reason). */
const UNUSED_ON_PURPOSE: Record<string, string> = {};

/** What a folder may import: its line of LAYERS, and the shared bottom below it. */
function allowedFrom(folder: string): string[] {
  const shared = folder === DOMAIN ? [] : folder === CONTRACT ? [DOMAIN] : [DOMAIN, CONTRACT];
  return [...shared, ...(LAYERS[folder] ?? [])];
}

const root = new URL('..', import.meta.url).pathname;

/** The folder a file belongs to, as the picture names it. */
function folderOf(file: string): string {
  const [top, second] = file.split('/');
  if (top === 'sw') return 'sw';
  if (file === 'src/main.tsx' || (top === 'server' && file.split('/').length === 2)) return file;
  return `${top}/${second}`;
}

const graph = importGraph(root, ['src', 'server', 'sw']);
const key = (edge: ImportEdge) => `${folderOf(edge.from)} -> ${folderOf(edge.to)}`;

/** Each edge that breaks the picture, as `file:line imports 'x' (kind): the rule`. */
function refusals(edges: ImportEdge[]): string[] {
  return edges.flatMap((edge) => {
    if (folderOf(edge.from) === folderOf(edge.to)) return [];
    const allowed = allowedFrom(folderOf(edge.from)).includes(folderOf(edge.to));
    const typeRule = Object.hasOwn(TYPES_ONLY, key(edge));
    if (allowed && !(typeRule && edge.kind === 'value')) return [];
    const rule = allowed
      ? `${key(edge)} may carry types only`
      : `${key(edge)} is not an edge of LAYERS`;
    return [`${edge.from}:${edge.line} imports '${edge.specifier}' (${edge.kind}): ${rule}`];
  });
}

describe('the layers', () => {
  it('reads every file and resolves every relative import', () => {
    // Over 500 files today: a path mistake that reads none must not pass.
    expect(graph.files.length).toBeGreaterThan(500);
    expect(graph.unresolved).toEqual([]);
    const unknown = [...new Set(graph.files.map(folderOf))].filter((f) => !(f in LAYERS));
    expect(unknown, 'folders missing from LAYERS').toEqual([]);
  });

  it('imports only along the edges of the picture', () => {
    expect(refusals(graph.edges)).toEqual([]);
  });

  it('has no file cycle made of value imports only', () => {
    const valueEdges = graph.edges.filter((edge) => edge.kind === 'value');
    expect(cycles(graph.files, valueEdges)).toEqual([]);
  });

  it('lists no edge that nothing uses, so the picture stays true', () => {
    const used = new Set(graph.edges.map(key));
    const stale = Object.entries(LAYERS)
      .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
      .filter((edge) => !used.has(edge) && !Object.hasOwn(UNUSED_ON_PURPOSE, edge));
    expect(stale).toEqual([]);
    const extra = [...Object.keys(TYPES_ONLY), ...Object.keys(UNUSED_ON_PURPOSE)].filter(
      (edge) =>
        !Object.entries(LAYERS).some(([from, to]) => to.some((t) => `${from} -> ${t}` === edge)),
    );
    expect(extra, 'exceptions for edges that are not in LAYERS').toEqual([]);
  });
});

describe('the import reader', () => {
  it('tells type edges from value edges', () => {
    const code = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "import { C } from './c';",
      "export type { D } from './d';",
      "export * from './e';",
      "type F = import('./f').F;",
      "const g = () => import('./g');",
      "new Worker(new URL('./h.ts', import.meta.url));",
    ].join('\n');
    expect(importsOf(code, 'x.ts').map((ref) => `${ref.specifier} ${ref.kind}`)).toEqual([
      './a type',
      './b value',
      './c value',
      './d type',
      './e value',
      './f type',
      './g value',
      './h.ts value',
    ]);
  });

  it('refuses a back-edge, and a value import where the picture allows types only', () => {
    const edge = (from: string, to: string, kind: ImportKind): ImportEdge => ({
      from,
      to,
      kind,
      specifier: `./${to}`,
      line: 1,
    });
    expect(
      refusals([
        edge('src/domain/a.ts', 'src/data/b.ts', 'type'),
        edge('src/features/a.ts', 'src/platform/b.ts', 'value'),
        edge('server/live/a.ts', 'server/context.ts', 'type'),
        edge('server/live/a.ts', 'server/context.ts', 'value'),
      ]),
    ).toEqual([
      "src/domain/a.ts:1 imports './src/data/b.ts' (type): src/domain -> src/data is not an edge of LAYERS",
      "server/live/a.ts:1 imports './server/context.ts' (value): server/live -> server/context.ts may carry types only",
    ]);
  });

  it('finds a value cycle, and none when a type edge closes it', () => {
    const files = ['a', 'b', 'c'];
    expect(
      cycles(files, [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(files, [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
      ]),
    ).toEqual([]);
  });
});

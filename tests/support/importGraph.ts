// The import graph of our own source files, for the architecture test. TypeScript 7 has no JS
// API, so Babel's parser reads each file. Every edge says whether it loads code at run time
// (value) or only names types (type): only value edges can make an initialisation-order cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from '@babel/parser';

export type ImportKind = 'value' | 'type';

/** One import of one file, as written. */
export type ImportRef = { specifier: string; kind: ImportKind; line: number };

/** One resolved edge between two files, both relative to the repository root. */
export type ImportEdge = ImportRef & { from: string; to: string };

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'extra') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

const stringOf = (node: unknown): string | null => {
  if (!isNode(node)) return null;
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TSLiteralType') return stringOf(node.literal);
  return null;
};

/**
 * `import type` and `export type … from` are type edges. `import { type A }` is not: under
 * verbatimModuleSyntax it compiles to `import {} from`, which still runs the module.
 */
function declarationKind(node: Node): ImportKind {
  const kind = node.type === 'ImportDeclaration' ? node.importKind : node.exportKind;
  return kind === 'type' ? 'type' : 'value';
}

/** Every import of one file: static, re-exports, `import()`, `import('x').T`, worker URLs. */
export function importsOf(code: string, path: string): ImportRef[] {
  const program = parse(code, {
    sourceType: 'module',
    plugins: path.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
  }).program as unknown as Node;
  const refs: ImportRef[] = [];
  const add = (specifier: string | null, kind: ImportKind, node: Node) => {
    if (specifier !== null) refs.push({ specifier, kind, line: node.loc?.start.line ?? 0 });
  };
  for (const node of walk(program)) {
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        add(stringOf(node.source), declarationKind(node), node);
        break;
      case 'ImportExpression':
        add(stringOf(node.source), 'value', node);
        break;
      case 'CallExpression':
        if ((node.callee as Node).type === 'Import')
          add(stringOf((node.arguments as Node[])[0]), 'value', node);
        break;
      case 'TSImportType':
        add(stringOf(node.argument), 'type', node);
        break;
      case 'NewExpression': {
        // `new Worker(new URL('./worker.ts', import.meta.url))`: the bundler follows it like an import.
        const [first] = node.arguments as Node[];
        const url = (node.callee as Node).name === 'URL' ? stringOf(first) : null;
        if (url && /\.tsx?$/.test(url)) add(url, 'value', node);
        break;
      }
    }
  }
  return refs;
}

const CODE = /\.(tsx?|mts)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file a relative specifier names (a `?url` asset may not exist yet: it is generated). */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const base = join(dirname(fromFile), specifier.replace(/\?.*$/, ''));
  if (specifier.includes('?')) return base;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find(isFile) ?? null;
}

export type ImportGraph = {
  files: string[];
  edges: ImportEdge[];
  /** Relative specifiers that name no file: a typo, or a parser mistake of this helper. */
  unresolved: string[];
};

/** The graph of the TypeScript files under `folders` (relative to `root`); packages are left out. */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = { files: [], edges: [], unresolved: [] };
  for (const folder of folders) {
    for (const absolute of sourceFiles(join(root, folder))) {
      const from = relative(root, absolute);
      graph.files.push(from);
      for (const ref of importsOf(readFileSync(absolute, 'utf8'), from)) {
        if (!ref.specifier.startsWith('.')) continue;
        const target = resolveSpecifier(absolute, ref.specifier);
        if (target === null) graph.unresolved.push(`${from}:${ref.line} '${ref.specifier}'`);
        else graph.edges.push({ ...ref, from, to: relative(root, target) });
      }
    }
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself), Tarjan. */
export function cycles(files: string[], edges: Pick<ImportEdge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to))
        low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

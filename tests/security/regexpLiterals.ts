// Finds every regular expression written in a TypeScript file: `/…/flags` literals and
// `new RegExp(…)` / `RegExp(…)` calls. TypeScript 7 has no JS API, so Babel's parser reads the
// files. A pattern built from string literals, templates and same-file `const` strings is
// resolved to its text; anything else is reported as dynamic (null source) for a person to judge.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';

export type FoundRegExp = {
  /** `path:line`, the path relative to the repository root. */
  where: string;
  /** The pattern, or null when it is computed at run time. */
  source: string | null;
  flags: string;
};

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

/** `const NAME = <string>` declarations of the file, for patterns that splice them in. */
function constantsOf(program: Node): Map<string, Node> {
  const constants = new Map<string, Node>();
  for (const node of walk(program)) {
    if (node.type !== 'VariableDeclaration' || node.kind !== 'const') continue;
    for (const declarator of node.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type === 'Identifier' && isNode(declarator.init)) {
        constants.set(id.name as string, declarator.init);
      }
    }
  }
  return constants;
}

/** The string an expression always evaluates to, or null when that needs running code. */
function stringValue(node: Node, constants: Map<string, Node>, depth = 0): string | null {
  if (depth > 10) return null;
  switch (node.type) {
    case 'StringLiteral':
      return node.value as string;
    case 'TemplateLiteral': {
      const quasis = node.quasis as Node[];
      const expressions = node.expressions as Node[];
      let text = '';
      for (const [index, quasi] of quasis.entries()) {
        const cooked = (quasi.value as { cooked: string | null }).cooked;
        if (cooked === null) return null;
        text += cooked;
        const expression = expressions[index];
        if (expression) {
          const value = stringValue(expression, constants, depth + 1);
          if (value === null) return null;
          text += value;
        }
      }
      return text;
    }
    case 'BinaryExpression': {
      if (node.operator !== '+') return null;
      const left = stringValue(node.left as Node, constants, depth + 1);
      const right = stringValue(node.right as Node, constants, depth + 1);
      return left === null || right === null ? null : left + right;
    }
    case 'Identifier': {
      const init = constants.get(node.name as string);
      return init ? stringValue(init, constants, depth + 1) : null;
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'ParenthesizedExpression':
      return stringValue(node.expression as Node, constants, depth + 1);
    default:
      return null;
  }
}

/** The regular expressions of one file's source text. */
export function regExpsIn(code: string, path: string): FoundRegExp[] {
  const program = parse(code, {
    sourceType: 'module',
    plugins: path.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
  }).program as unknown as Node;
  const constants = constantsOf(program);
  const found: FoundRegExp[] = [];
  for (const node of walk(program)) {
    const where = `${path}:${node.loc?.start.line ?? 0}`;
    if (node.type === 'RegExpLiteral') {
      found.push({ where, source: node.pattern as string, flags: node.flags as string });
      continue;
    }
    if (node.type !== 'NewExpression' && node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || callee.name !== 'RegExp') continue;
    const [pattern, flags] = node.arguments as Node[];
    if (!pattern) continue;
    found.push({
      where,
      source: stringValue(pattern, constants),
      flags: flags ? (stringValue(flags, constants) ?? '?') : '',
    });
  }
  return found;
}

function* typeScriptFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Every regular expression in the TypeScript files under the given folders of the repository. */
export function regExpsUnder(root: string, folders: string[]): FoundRegExp[] {
  return folders.flatMap((folder) =>
    [...typeScriptFiles(join(root, folder))].flatMap((file) =>
      regExpsIn(readFileSync(file, 'utf8'), relative(root, file)),
    ),
  );
}

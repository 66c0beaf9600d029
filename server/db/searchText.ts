// LIKE patterns from user input: `%`, `_` and `\` typed by the user match themselves, so a search
// for "100%" finds "100% Tools" and not everything.

/** `%text%` with the user's wildcards escaped (PostgreSQL's default LIKE escape is `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%`, escaped the same way. */
export function prefixPattern(text: string): string {
  return containsPattern(text).slice(1);
}

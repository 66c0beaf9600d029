// `npm run docs:env`: writes README.md's environment table from server/configDocs.ts, between
// its markers. tests/server/configDocs.test.ts fails when the README's table is not this one.
import { readFileSync, writeFileSync } from 'node:fs';
import { envTable } from '../server/configDocs';

export const ENV_TABLE_START =
  '<!-- env-table: made by `npm run docs:env` from server/configDocs.ts -->';
export const ENV_TABLE_END = '<!-- /env-table -->';

/** The README with its table between the markers replaced by the current one. */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(ENV_TABLE_START);
  const end = readme.indexOf(ENV_TABLE_END);
  if (start === -1 || end < start) throw new Error('README.md has no env-table markers');
  return `${readme.slice(0, start + ENV_TABLE_START.length)}\n${envTable()}\n${readme.slice(end)}`;
}

if (process.argv[1]?.endsWith('scripts/envTable.ts')) {
  const path = new URL('../README.md', import.meta.url);
  writeFileSync(path, withEnvTable(readFileSync(path, 'utf8')));
  console.info('README.md: environment table written');
}

// `npx tsx scripts/oidcKeys.ts > keys.json` writes a fresh OIDC_KEYS_FILE (an ES256 signing key
// and a cookie key); `--rotate keys.json` puts fresh keys in front of that file's (printed, the
// file is not changed). Rotation steps are in docs/security.md (L11).
import { newKeys, readKeysFile } from '../server/idp/keysFile';

async function main(args: string[]): Promise<void> {
  const rotate = args[0] === '--rotate' ? args[1] : undefined;
  if (args.length > 0 && !rotate) throw new Error('usage: oidcKeys.ts [--rotate <keys file>]');
  const keys = await newKeys(rotate ? await readKeysFile(rotate) : undefined);
  process.stdout.write(`${JSON.stringify(keys, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

// V8's linear-time fallback for regular expressions (security review H1). With this flag a
// pattern that backtracks too much is re-run on V8's automaton engine, which is linear, instead of
// freezing the process. Every way the server starts passes it (scripts/lib.mjs SERVER_NODE_FLAGS,
// package.json `server`, playwright.config.ts). The fallback engine has limits (no backreferences,
// lookarounds or, on Node 20, the `i` flag), so patterns are also kept linear by the ReDoS check
// (tests/security/redos.test.ts).

export const REGEXP_FALLBACK_FLAG = '--enable-experimental-regexp-engine-on-excessive-backtracks';

/** Whether this process was started with the fallback. */
export function regexpFallbackOn(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.includes(REGEXP_FALLBACK_FLAG);
}

export const REGEXP_FALLBACK_MISSING = `Warning: started without ${REGEXP_FALLBACK_FLAG}; a regular expression that backtracks too much would block this process (npm start and npm run server pass it).`;

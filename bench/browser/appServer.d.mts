// Types of appServer.mjs for the TypeScript benches.
export function freePort(): Promise<number>;
export function startServer(appDir: string): Promise<{ origin: string; stop: () => void }>;

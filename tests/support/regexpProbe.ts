// Run by tests/server/regexpFallback.test.ts as the server is run (tsx with the server's node
// flags): times a catastrophically backtracking pattern on the main thread and in a worker thread
// started as the document renderer starts its workers, and prints what it saw as JSON.
import { Worker } from 'node:worker_threads';
import { workerExecArgv } from '../../server/documents/renderPool';
import { regexpFallbackOn } from '../../server/regexpFallback';

// 2^60 backtracking steps without the fallback: this would never return.
const probe = () => /^(a+)+$/.test(`${'a'.repeat(60)}!`);

const inWorker = await new Promise<unknown>((resolve, reject) => {
  const worker = new Worker(
    `require('node:worker_threads').parentPort.postMessage(/^(a+)+$/.test('${'a'.repeat(60)}!'));`,
    { eval: true, execArgv: workerExecArgv() },
  );
  worker.once('message', (answer) => {
    resolve(answer);
    void worker.terminate();
  });
  worker.once('error', reject);
});

console.info(JSON.stringify({ fallback: regexpFallbackOn(), main: probe(), worker: inWorker }));

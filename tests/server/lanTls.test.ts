// https for phones on an office network (issue 21 item 5): the local authority is made once and
// kept, the server certificate names the machine's addresses and is made again when they change,
// the chain verifies against the authority alone, and `npm start -- --https` serves the app over
// it (checked against that authority, not with verification off) and hands the authority out.
import { type ChildProcess, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAN_CA_FILE, lanTls } from '../../server/http/lanTls';

const root = new URL('../..', import.meta.url).pathname;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'lan-tls-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const leafOf = (chain: string) =>
  new X509Certificate(chain.split(/(?<=-----END CERTIFICATE-----)/)[0] ?? '');

describe('lanTls', () => {
  it('makes an authority once and a certificate for the given names, made again when they change', async () => {
    const dir = await tempDir();
    const names = { dns: ['localhost', 'office-pc'], ips: ['192.168.1.23', '127.0.0.1'] };
    const first = await lanTls(dir, names);
    expect(first.newAuthority).toBe(true);
    const ca = new X509Certificate(await readFile(join(dir, LAN_CA_FILE)));
    expect(ca.ca).toBe(true);
    const leaf = leafOf(first.cert);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.subjectAltName).toBe(
      'DNS:localhost, DNS:office-pc, IP Address:192.168.1.23, IP Address:127.0.0.1',
    );
    expect(leaf.ca).toBe(false);

    const again = await lanTls(dir, names);
    expect(again.newAuthority).toBe(false);
    expect(again.cert).toBe(first.cert);

    const moved = await lanTls(dir, { ...names, ips: ['10.0.0.8', '127.0.0.1'] });
    const movedLeaf = leafOf(moved.cert);
    expect(movedLeaf.fingerprint256).not.toBe(leaf.fingerprint256);
    expect(movedLeaf.subjectAltName).toContain('IP Address:10.0.0.8');
    // Same authority: a phone that trusted it trusts the new certificate too.
    expect(new X509Certificate(await readFile(join(dir, LAN_CA_FILE))).fingerprint256).toBe(
      ca.fingerprint256,
    );
    expect(movedLeaf.verify(ca.publicKey)).toBe(true);
  });
});

function startHttps(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--https'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DEMO_DATA: 'off', SIM: 'off', ...env },
  });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  return new Promise<{ url: string; output: () => string }>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (https:\/\/\S+)\//.exec(output);
      if (match?.[1] && output.includes('Android'))
        resolve({ url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function getTrusting(url: string, ca: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, { ca }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('npm start -- --https', () => {
  it('serves the app over https that a device trusting the local authority accepts', async () => {
    const dir = await tempDir();
    const tlsDir = join(dir, 'tls');
    const { url, output } = await startHttps({
      HOST: '127.0.0.1',
      TLS_DIR: tlsDir,
      DATA_DIR: join(dir, 'data'),
    });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(output()).toContain(join(tlsDir, LAN_CA_FILE));
    expect(output()).toContain('证书信任设置');
    const ca = await readFile(join(tlsDir, LAN_CA_FILE));
    expect((await getTrusting(`${url}/readyz`, ca)).status).toBe(200);
    const page = await getTrusting(`${url}/inquiry-quotation/list`, ca);
    expect(page.body).toContain('<title>工业品采购</title>');
    const handedOut = await getTrusting(`${url}/lan-ca.pem`, ca);
    expect(handedOut.body).toBe(ca.toString());
    // Without the authority the certificate is refused, as a phone that has not trusted it.
    await expect(getTrusting(`${url}/readyz`, Buffer.from(''))).rejects.toThrow();
  }, 120_000);
});

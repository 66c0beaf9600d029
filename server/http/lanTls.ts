// https on an office network (issue 21 item 5, HTTPS=on). A phone opening the app at
// http://192.168.1.23:8080 gets no secure context: no service worker, no Web Locks and no sign-in
// (crypto.subtle). So the server makes its own small certificate authority once (TLS_DIR/
// lan-ca.pem, ten years) and, from it, a certificate for this machine's names and addresses,
// made again when they change or near its end. The user trusts the authority once on each phone
// (the start-up lines say how); every later certificate is then trusted too. Made with
// @peculiar/x509 on Node's WebCrypto (docs/decisions.md).
// tsyringe (inside @peculiar/x509) needs the Reflect metadata API before it loads.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

// The library is typed against the DOM's WebCrypto; Node's is the same API under its own types.
type X509Crypto = NonNullable<Parameters<typeof x509.X509CertificateGenerator.create>[1]>;
type X509Params = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0];
type CryptoKeyPair = X509Params['keys'];
type CryptoKey = CryptoKeyPair['privateKey'];
x509.cryptoProvider.set(webcrypto as unknown as X509Crypto);
const subtle = webcrypto.subtle as unknown as X509Crypto['subtle'];

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 3600 * 1000;
/** Under Apple's 825-day limit for server certificates. */
const SERVER_DAYS = 397;
/** A certificate this close to its end is made again at start. */
const RENEW_DAYS = 30;

export const LAN_CA_FILE = 'lan-ca.pem';

export type LanNames = { dns: string[]; ips: string[] };

/** localhost, this machine's name, and its IPv4 addresses (the LAN ones first, loopback last). */
export function lanNames(): LanNames {
  const ips = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a?.address ?? '');
  return { dns: [...new Set(['localhost', hostname()])], ips: [...ips, '127.0.0.1'] };
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END ${label}-----\n`;

const der = (text: string) =>
  Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');

async function exportKey(key: CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await subtle.exportKey('pkcs8', key));
}

async function readIfThere(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(() => null);
}

type Authority = { cert: x509.X509Certificate; key: CryptoKey; created: boolean };

async function authority(dir: string): Promise<Authority> {
  const certPath = join(dir, LAN_CA_FILE);
  const keyPath = join(dir, 'lan-ca-key.pem');
  const [certText, keyText] = await Promise.all([readIfThere(certPath), readIfThere(keyPath)]);
  if (certText && keyText) {
    const key = await subtle.importKey('pkcs8', der(keyText), ALGORITHM, true, ['sign']);
    return { cert: new x509.X509Certificate(certText), key: key as CryptoKey, created: false };
  }
  const keys = (await subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=Purchasing app local CA (${hostname()})`,
    keys,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 3650 * DAY_MS),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  await writeFile(keyPath, await exportKey(keys.privateKey), { mode: 0o600 });
  await writeFile(certPath, cert.toString('pem'));
  return { cert, key: keys.privateKey, created: true };
}

/** Whether the certificate names exactly these names and lasts beyond the renewal window. */
function stillGood(cert: x509.X509Certificate, names: LanNames): boolean {
  if (cert.notAfter.getTime() - Date.now() < RENEW_DAYS * DAY_MS) return false;
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const held = (san?.names.toJSON() ?? []).map((n) => `${n.type}:${n.value}`).sort();
  const wanted = [...names.dns.map((d) => `dns:${d}`), ...names.ips.map((i) => `ip:${i}`)].sort();
  return JSON.stringify(held) === JSON.stringify(wanted);
}

/** The server's certificate followed by the authority's: what TLS sends. */
const chain = (leaf: string, ca: x509.X509Certificate) =>
  `${leaf.trim()}\n${ca.toString('pem').trim()}\n`;

export type LanTls = {
  key: string;
  cert: string;
  /** The authority's certificate: the one file to trust on each phone. */
  caFile: string;
  /** The authority was made now (first start): the user has not trusted it yet. */
  newAuthority: boolean;
};

/** The server's key and certificate for `names`, from the authority in `dir` (both made when missing). */
export async function lanTls(dir: string, names: LanNames = lanNames()): Promise<LanTls> {
  await mkdir(dir, { recursive: true });
  const ca = await authority(dir);
  const certPath = join(dir, 'server.pem');
  const keyPath = join(dir, 'server-key.pem');
  const [certText, keyText] = await Promise.all([readIfThere(certPath), readIfThere(keyPath)]);
  const caFile = join(dir, LAN_CA_FILE);
  if (!ca.created && certText && keyText && stillGood(new x509.X509Certificate(certText), names)) {
    return {
      key: keyText,
      cert: chain(certText, ca.cert),
      caFile,
      newAuthority: false,
    };
  }
  const keys = (await subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${names.ips[0] ?? 'localhost'}`,
    issuer: ca.cert.subject,
    publicKey: keys.publicKey,
    signingKey: ca.key,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + SERVER_DAYS * DAY_MS),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dns.map((value) => ({ type: 'dns' as const, value })),
        ...names.ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const key = await exportKey(keys.privateKey);
  await writeFile(keyPath, key, { mode: 0o600 });
  await writeFile(certPath, cert.toString('pem'));
  return {
    key,
    cert: chain(cert.toString('pem'), ca.cert),
    caFile,
    newAuthority: ca.created,
  };
}

/** What to tell the person starting the server: the address, and how a phone trusts it. */
export function lanTlsLines(publicUrl: string, tls: LanTls): string[] {
  return [
    `https with a local certificate: open ${publicUrl}/ on phones in this network.`,
    `Trust ${tls.caFile} once on each phone (it is also at ${publicUrl}/lan-ca.pem):`,
    '  iPhone: open that address in Safari, allow the profile, install it in 设置 > 通用 > VPN与设备管理,',
    '          then turn it on in 设置 > 通用 > 关于本机 > 证书信任设置.',
    '  Android: 设置 > 安全 > 加密与凭据 > 安装证书 > CA 证书, and pick the downloaded file.',
    ...(tls.newAuthority
      ? ['(A new local authority was made now: phones trusted none before.)']
      : []),
  ];
}

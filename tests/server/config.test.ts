import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('uses the embedded defaults on a fresh clone', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      dbTimeouts: { statementMs: 30_000, lockMs: 10_000 },
      uploadQuotaBytes: 2048 * 1024 * 1024,
      appDir: resolve('./dist'),
      logLevel: 'info',
      oidc: {
        externalIssuer: undefined,
        clientId: 'purchasing-app',
        audience: undefined,
        jwksUrl: undefined,
        accessTokenTtl: 600,
        refreshTokenTtl: 2_592_000,
      },
      production: false,
      demoData: true,
      demoDataExplicit: false,
      trustProxy: false,
      devOrigins: [],
      simulator: { enabled: true, speed: 1 },
      documents: { renders: 1, renderQueue: 8 },
      smsOutboxFile: null,
      smsBudget: { hourly: 200, prefixHourly: 20 },
      healthLoopBlockMs: 2000,
      feedReadAheadBytes: 64 * 1024 * 1024,
      metricsToken: undefined,
      shutdownGraceSeconds: 25,
      https: { enabled: false, dir: resolve('./tls') },
      smsProvider: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://buy.example.com/',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      DB_STATEMENT_TIMEOUT_MS: '60000',
      DB_LOCK_TIMEOUT_MS: '2000',
      UPLOAD_QUOTA_MB: '100',
      APP_DIR: '/srv/app',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: 'https://sso.example.com/realms/buyers',
      OIDC_CLIENT_ID: 'buyers-app',
      OIDC_AUDIENCE: 'account',
      OIDC_JWKS_URL: 'https://sso.example.com/realms/buyers/certs',
      ACCESS_TOKEN_TTL: '30',
      REFRESH_TOKEN_TTL: '120',
      DEMO_DATA: 'off',
      SIM: 'off',
      SIM_SPEED: '10',
      DOCUMENT_RENDERS: '3',
      TRUST_PROXY: '2',
      DEV_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173/',
      SMS_OUTBOX_FILE: '/tmp/sms.jsonl',
      SMS_HOURLY_LIMIT: '50',
      SMS_PREFIX_HOURLY_LIMIT: '5',
      HEALTH_LOOP_BLOCK_MS: '0',
      FEED_READ_AHEAD_MB: '0',
      METRICS_TOKEN: 'prometheus-scrape-token',
      SHUTDOWN_GRACE_S: '40',
      HTTPS: 'on',
      TLS_DIR: '/etc/purchasing/tls',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      publicUrl: 'https://buy.example.com',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@localhost:5432/db',
      dbTimeouts: { statementMs: 60_000, lockMs: 2000 },
      uploadQuotaBytes: 100 * 1024 * 1024,
      appDir: '/srv/app',
      logLevel: 'warn',
      oidc: {
        externalIssuer: 'https://sso.example.com/realms/buyers',
        clientId: 'buyers-app',
        audience: 'account',
        jwksUrl: 'https://sso.example.com/realms/buyers/certs',
        accessTokenTtl: 30,
        refreshTokenTtl: 120,
      },
      production: false,
      demoData: false,
      demoDataExplicit: false,
      trustProxy: 2,
      devOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      simulator: { enabled: false, speed: 10 },
      documents: { renders: 3, renderQueue: 8 },
      smsOutboxFile: '/tmp/sms.jsonl',
      smsBudget: { hourly: 50, prefixHourly: 5 },
      healthLoopBlockMs: 0,
      feedReadAheadBytes: 0,
      metricsToken: 'prometheus-scrape-token',
      shutdownGraceSeconds: 40,
      https: { enabled: true, dir: '/etc/purchasing/tls' },
      smsProvider: null,
    });
  });

  it('starts a production server without the demo, the simulator or dev origins', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      production: true,
      demoData: false,
      demoDataExplicit: false,
      simulator: { enabled: false },
      devOrigins: [],
    });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on', SIM: 'on' })).toMatchObject({
      demoData: true,
      demoDataExplicit: true,
      simulator: { enabled: true },
    });
  });

  it('trusts a hop count or a list of proxy addresses, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow('every X-Forwarded-For hop');
    expect(() => loadConfig({ TRUST_PROXY: 'any proxy' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow('TRUST_PROXY');
  });

  it('refuses proxy ranges so wide they trust (nearly) every address, with the reason', () => {
    for (const value of ['0.0.0.0/0,::/0', '0.0.0.0/0', '::/0', '10.0.0.0/7', '2001::/15']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow('huge range');
    }
    expect(() => loadConfig({ TRUST_PROXY: '::ffff:0.0.0.0/96' })).toThrow('huge range');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('prefix length');
    expect(() => loadConfig({ TRUST_PROXY: '300.1.1.1' })).toThrow('not an address');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fd00::/16,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/16',
      '::1',
    ]);
  });

  it('names the public URL after the host users reach', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('keeps memory:// as an in-memory PGlite', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OIDC_ISSUER: 'not a url' }, 'OIDC_ISSUER'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ SIM: 'maybe' }, 'SIM'],
    [{ DOCUMENT_RENDERS: '0' }, 'DOCUMENT_RENDERS'],
    [{ HEALTH_LOOP_BLOCK_MS: '-1' }, 'HEALTH_LOOP_BLOCK_MS'],
    [{ FEED_READ_AHEAD_MB: '-1' }, 'FEED_READ_AHEAD_MB'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ SHUTDOWN_GRACE_S: '0' }, 'SHUTDOWN_GRACE_S'],
    [{ DB_STATEMENT_TIMEOUT_MS: '0' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ DB_LOCK_TIMEOUT_MS: 'soon' }, 'DB_LOCK_TIMEOUT_MS'],
    [{ UPLOAD_QUOTA_MB: '0' }, 'UPLOAD_QUOTA_MB'],
    [{ DEV_ORIGINS: 'localhost:5173' }, 'DEV_ORIGINS'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

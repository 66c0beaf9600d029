// The Alibaba Cloud SMS adapter (issue 21 item 4, SMS_PROVIDER=aliyun): the RPC signature
// against Alibaba's documented example, the SendSms request each kind of message makes (received
// by a local server standing in for dysmsapi.aliyuncs.com), a refusal turned into a 503 with no
// code in the log, the settings' checks, and the password-reset code sent through it for real.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aliyunCanonicalQuery,
  aliyunPercentEncode,
  aliyunSignature,
  aliyunSmsProvider,
  sendSmsUrl,
} from '../../../server/account/aliyunSms';
import { createSmsOutbox, smsMessages } from '../../../server/account/smsOutbox';
import { type AliyunSmsSettings, loadConfig } from '../../../server/config';
import { HttpError } from '../../../server/http/httpError';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

// Alibaba's documented RPC signature example (ECS DescribeRegions, AccessKeySecret testsecret).
const DOCUMENTED = {
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  Format: 'XML',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  SignatureVersion: '1.0',
  Timestamp: '2016-02-23T12:46:24Z',
  Version: '2014-05-26',
};

describe('the RPC signature', () => {
  it("reproduces Alibaba's documented example", () => {
    expect(aliyunCanonicalQuery(DOCUMENTED)).toBe(
      'AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0' +
        '&Timestamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26',
    );
    expect(aliyunSignature(DOCUMENTED, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('encodes what encodeURIComponent leaves alone, and Chinese as UTF-8', () => {
    expect(aliyunPercentEncode("a!b'c(d)e*f ~-_.")).toBe('a%21b%27c%28d%29e%2Af%20~-_.');
    expect(aliyunPercentEncode('德采')).toBe('%E5%BE%B7%E9%87%87');
  });
});

/** A stand-in for dysmsapi.aliyuncs.com: records each request's query, answers `code`. */
function fakeDysms() {
  const received: URLSearchParams[] = [];
  let code = 'OK';
  const server: Server = createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://x').searchParams);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        Code: code,
        Message: code === 'OK' ? 'OK' : '触发天级流控',
        RequestId: 'R1',
      }),
    );
  });
  return {
    received,
    answer(next: string) {
      code = next;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TEMPLATES = {
  CODE: 'SMS_100000001',
  ACCOUNT_EXISTS: 'SMS_100000002',
  REQUEST_PENDING: 'SMS_100000003',
  APPROVED: 'SMS_100000004',
};

describe('the SendSms request', () => {
  const fake = fakeDysms();
  let settings: AliyunSmsSettings;
  beforeAll(async () => {
    settings = {
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'secret-of-the-test',
      signName: '德采',
      templates: TEMPLATES,
      endpoint: await fake.start(),
    };
  });
  afterAll(() => fake.stop());

  it('is signed over every parameter it sends', () => {
    const url = new URL(
      sendSmsUrl(settings, smsMessages.code('13800000001', 'REGISTER', '123456', 5)),
    );
    const params = Object.fromEntries(url.searchParams);
    const { Signature, ...signed } = params;
    expect(Signature).toBe(aliyunSignature(signed, settings.accessKeySecret));
    expect(signed).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: '德采',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"123456","minutes":"5"}',
    });
    expect(signed.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('sends each kind of message with its template and parameters', async () => {
    const send = aliyunSmsProvider(settings);
    await send(smsMessages.approved('13900000002', 'li.na', 'Init@2026x'));
    await send(smsMessages.accountExists('13900000003'));
    const [approved, notice] = fake.received.slice(-2);
    expect(approved?.get('TemplateCode')).toBe('SMS_100000004');
    expect(approved?.get('TemplateParam')).toBe('{"username":"li.na","password":"Init@2026x"}');
    expect(notice?.get('TemplateCode')).toBe('SMS_100000002');
    expect(notice?.has('TemplateParam')).toBe(false);
  });

  it('turns a refusal into a 503 for the user and a masked line for the operator', async () => {
    fake.answer('isv.DAY_LIMIT_CONTROL');
    const lines: string[] = [];
    const log = {
      warn: (object: Record<string, unknown>, message: string) =>
        lines.push(`${message} ${JSON.stringify(object)}`),
      info: (object: Record<string, unknown>, message: string) =>
        lines.push(`${message} ${JSON.stringify(object)}`),
    };
    const outbox = createSmsOutbox(log, null, {
      revealSecrets: false,
      provider: aliyunSmsProvider(settings),
    });
    const sent = outbox(smsMessages.code('13800000009', 'PASSWORD', '654321', 5));
    await expect(sent).rejects.toBeInstanceOf(HttpError);
    await expect(sent).rejects.toMatchObject({
      statusCode: 503,
      message: ACCOUNT_MESSAGES.SMS_UNAVAILABLE,
    });
    const text = lines.join('\n');
    expect(text).toContain('isv.DAY_LIMIT_CONTROL');
    expect(text).not.toContain('654321');
    expect(text).not.toContain('13800000009');
    fake.answer('OK');
  });
});

describe('SMS_PROVIDER=aliyun settings', () => {
  const base = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: '德采',
    ALIYUN_SMS_TEMPLATES: JSON.stringify(TEMPLATES),
  };

  it('reads the four templates and the endpoint', () => {
    const config = loadConfig(base);
    expect(config.smsProvider).toEqual({
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'secret',
      signName: '德采',
      templates: TEMPLATES,
      endpoint: 'https://dysmsapi.aliyuncs.com/',
    });
    expect(loadConfig({}).smsProvider).toBeNull();
  });

  it('refuses to start with a setting missing or a template not named', () => {
    expect(() => loadConfig({ ...base, ALIYUN_SMS_SIGN_NAME: '' })).toThrow(/ALIYUN_SMS_SIGN_NAME/);
    const { APPROVED: _left, ...three } = TEMPLATES;
    expect(() => loadConfig({ ...base, ALIYUN_SMS_TEMPLATES: JSON.stringify(three) })).toThrow(
      /template code \(SMS_…\) for APPROVED/,
    );
    expect(() => loadConfig({ ...base, ALIYUN_SMS_TEMPLATES: 'not json' })).toThrow(
      /ALIYUN_SMS_TEMPLATES/,
    );
  });
});

describe('the password-reset code through Alibaba Cloud', () => {
  const fake = fakeDysms();
  let h: Harness;
  beforeAll(async () => {
    const endpoint = await fake.start();
    h = await startHarness('pglite', {
      smsProvider: {
        accessKeyId: 'LTAI-test',
        accessKeySecret: 'secret',
        signName: '德采',
        templates: TEMPLATES,
        endpoint,
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.stop();
  });

  it('is sent to the user’s own mobile with the CODE template', async () => {
    const res = await h.call('buyer', {
      method: 'GET',
      url: '/api/v7/sms/verify_code',
      query: { mobile: '13800000001' },
      company: null,
    });
    expect(res.statusCode).toBe(200);
    const request = fake.received.at(-1);
    expect(request?.get('PhoneNumbers')).toBe('13800000001');
    expect(request?.get('TemplateCode')).toBe('SMS_100000001');
    expect(JSON.parse(request?.get('TemplateParam') ?? '{}').code).toMatch(/^\d{6}$/);
  });
});

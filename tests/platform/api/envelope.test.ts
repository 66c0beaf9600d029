import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../src/platform/api/envelope';

describe('readEnvelope', () => {
  it('hands over the data of a success', () => {
    expect(readEnvelope(200, { data: { id: 1 } })).toEqual({ ok: true, data: { id: 1 } });
    expect(readEnvelope(201, { data: null })).toEqual({ ok: true, data: null });
  });

  it('turns a 2xx without an envelope into a fault', () => {
    expect(readEnvelope(200, '<html>')).toMatchObject({ ok: false, status: 502 });
    expect(readEnvelope(200, null)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });

  it('reads the server code and message of a failure', () => {
    expect(
      readEnvelope(409, { error_code: 'VERSION_CONFLICT', error_message: '数据已被他人修改' }),
    ).toEqual({
      ok: false,
      status: 409,
      code: 'VERSION_CONFLICT',
      serverMessage: '数据已被他人修改',
    });
  });

  it('keeps the status of a failure without a body', () => {
    expect(readEnvelope(503, null)).toEqual({
      ok: false,
      status: 503,
      code: null,
      serverMessage: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  classifyRenewError,
  needsRenewal,
  RENEW_BEFORE_EXPIRY_S,
  TOKEN_CHECK_INTERVAL_MS,
} from '../../src/auth/tokenPolicy';

describe('needsRenewal', () => {
  const now = 1_700_000_000_000;
  const inSeconds = (s: number) => now / 1000 + s;

  it('renews within the margin before expiry and after it, not earlier', () => {
    expect(needsRenewal(inSeconds(RENEW_BEFORE_EXPIRY_S + 1), now)).toBe(false);
    expect(needsRenewal(inSeconds(RENEW_BEFORE_EXPIRY_S), now)).toBe(true);
    expect(needsRenewal(inSeconds(5), now)).toBe(true);
    expect(needsRenewal(inSeconds(-3600), now)).toBe(true);
  });

  it('never renews on the timer a token without an expiry', () => {
    expect(needsRenewal(null, now)).toBe(false);
  });

  it('checks often enough that the margin is never skipped (spec: every 10 s)', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(10_000);
    expect(RENEW_BEFORE_EXPIRY_S * 1000).toBeGreaterThan(TOKEN_CHECK_INTERVAL_MS * 2);
  });
});

describe('classifyRenewError', () => {
  const providerSays = (error: string) =>
    Object.assign(new Error(error), { name: 'ErrorResponse', error });

  it('treats the provider refusing the refresh token as the end of the session', () => {
    expect(classifyRenewError(providerSays('invalid_grant'))).toBe('refused');
    expect(classifyRenewError(providerSays('invalid_client'))).toBe('refused');
  });

  it('tells a refusal of an account that left every company (departed) apart', () => {
    const departed = Object.assign(providerSays('invalid_grant'), {
      error_description: 'departed',
    });
    expect(classifyRenewError(departed)).toBe('departed');
    const other = Object.assign(providerSays('invalid_grant'), {
      error_description: 'grant request is invalid',
    });
    expect(classifyRenewError(other)).toBe('refused');
  });

  it('treats the network, timeouts and provider faults as passing', () => {
    expect(classifyRenewError(new TypeError('Failed to fetch'))).toBe('transient');
    expect(
      classifyRenewError(Object.assign(new Error('Network timed out'), { name: 'ErrorTimeout' })),
    ).toBe('transient');
    expect(classifyRenewError(providerSays('server_error'))).toBe('transient');
    expect(classifyRenewError(new Error('Service Unavailable (503)'))).toBe('transient');
    expect(classifyRenewError('odd')).toBe('transient');
  });
});

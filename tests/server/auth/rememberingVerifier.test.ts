// The verified-token memory in front of jose (server/auth/verifier.ts): a token is verified once
// and remembered until its expiry, a failure is never remembered, and the memory is bounded.
import { describe, expect, it } from 'vitest';
import type { TokenVerifier, VerifiedToken } from '../../../server/auth/tokens';
import { rememberingVerifier } from '../../../server/auth/verifier';

const NOW = 1_800_000_000_000;

/** A verifier that counts its calls and accepts the tokens in `valid` (expiring at `exp`). */
function counting(valid: Map<string, number>) {
  const calls: string[] = [];
  const inner: TokenVerifier = {
    async verify(token): Promise<VerifiedToken> {
      calls.push(token);
      const exp = valid.get(token);
      if (exp === undefined || exp * 1000 <= NOW + clock.offset) throw new Error('invalid');
      return { subject: token, account: { id: 1 }, expiresAt: exp };
    },
  };
  return { inner, calls };
}

const clock = { offset: 0 };
const now = () => NOW + clock.offset;

describe('rememberingVerifier', () => {
  it('verifies a token once and answers it from memory until it expires', async () => {
    clock.offset = 0;
    const { inner, calls } = counting(new Map([['a', NOW / 1000 + 60]]));
    const verifier = rememberingVerifier(inner, 10, now);
    const first = await verifier.verify('a');
    expect(await verifier.verify('a')).toBe(first);
    expect(calls).toEqual(['a']);
    clock.offset = 60_000;
    await expect(verifier.verify('a')).rejects.toThrow('invalid');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a token that failed', async () => {
    clock.offset = 0;
    const valid = new Map<string, number>();
    const { inner, calls } = counting(valid);
    const verifier = rememberingVerifier(inner, 10, now);
    await expect(verifier.verify('b')).rejects.toThrow('invalid');
    await expect(verifier.verify('b')).rejects.toThrow('invalid');
    valid.set('b', NOW / 1000 + 60);
    await verifier.verify('b');
    expect(calls).toEqual(['b', 'b', 'b']);
  });

  it('forgets the oldest token when full', async () => {
    clock.offset = 0;
    const exp = NOW / 1000 + 60;
    const { inner, calls } = counting(
      new Map([
        ['x', exp],
        ['y', exp],
        ['z', exp],
      ]),
    );
    const verifier = rememberingVerifier(inner, 2, now);
    for (const token of ['x', 'y', 'z', 'y', 'z', 'x']) await verifier.verify(token);
    expect(calls).toEqual(['x', 'y', 'z', 'x']);
  });
});

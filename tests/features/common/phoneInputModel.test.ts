import { describe, expect, it } from 'vitest';
import {
  phoneCountryOptions,
  phoneError,
  phoneFields,
  phoneValueOf,
} from '../../../src/features/common/phoneInputModel';

describe('the phone input (settings-messaging-shared §5 "Shared widgets")', () => {
  it('lists cn, de, us, hk, tw, gb, fr, it, es first, then the others', () => {
    const codes = phoneCountryOptions().map((o) => o.value);
    expect(codes.slice(0, 9)).toEqual(['cn', 'de', 'us', 'hk', 'tw', 'gb', 'fr', 'it', 'es']);
    expect(codes).toContain('ch');
    expect(phoneCountryOptions()[0]?.label).toBe('中国 +86');
  });

  it('stores +<dial code><number>, digits only, and nothing for an empty number', () => {
    expect(phoneValueOf('cn', '138 1234-5678')).toBe('+8613812345678');
    expect(phoneValueOf('hk', '91234567')).toBe('+85291234567');
    expect(phoneValueOf('de', '')).toBe('');
    expect(phoneValueOf('de', 'abc')).toBe('');
  });

  it('shows a stored value in its own country, an empty one in the picked country', () => {
    expect(phoneFields('+85291234567', 'cn')).toEqual({ country: 'hk', number: '91234567' });
    expect(phoneFields('+4915112345678', 'cn')).toEqual({ country: 'de', number: '15112345678' });
    expect(phoneFields('', 'de')).toEqual({ country: 'de', number: '' });
    // A value stored without a dial code (older data) keeps the picked country.
    expect(phoneFields('13812345678', 'cn')).toEqual({ country: 'cn', number: '13812345678' });
  });

  it('says 格式不正确！ for a number more than one digit off the country’s length', () => {
    expect(phoneError('+8613812345678', 'cn')).toBeNull();
    expect(phoneError('+861381234567', 'cn')).toBeNull();
    expect(phoneError('+86138123456', 'cn')).toBe('格式不正确！');
    expect(phoneError('+861381234567890', 'cn')).toBe('格式不正确！');
    expect(phoneError('', 'cn')).toBeNull();
  });
});

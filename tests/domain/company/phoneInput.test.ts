import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_COUNTRY,
  formatPhoneValue,
  PHONE_COUNTRIES,
  PREFERRED_PHONE_COUNTRIES,
  parsePhoneValue,
  validatePhoneNumber,
} from '../../../src/domain/company/phoneInput';

describe('phone countries', () => {
  it.each([
    ['cn', '86', 11],
    ['de', '49', 11],
    ['us', '1', 10],
    ['hk', '852', 8],
    ['tw', '886', 9],
    ['gb', '44', 10],
    ['fr', '33', 9],
    ['it', '39', 10],
    ['es', '34', 9],
  ] as const)('%s dials +%s, %s digits', (code, dial, length) => {
    expect(PHONE_COUNTRIES[code]).toMatchObject({ dialCode: dial, numberLength: length });
  });

  it('defaults to cn and lists the nine first', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('cn');
    expect(PREFERRED_PHONE_COUNTRIES).toEqual([
      'cn',
      'de',
      'us',
      'hk',
      'tw',
      'gb',
      'fr',
      'it',
      'es',
    ]);
  });
});

describe('validatePhoneNumber', () => {
  const BAD = '格式不正确！';
  it.each([
    ['cn', '13812345678', null],
    ['cn', '1381234567', null], // one short
    ['cn', '138123456789', null], // one long
    ['cn', '138123456', BAD], // two short
    ['cn', '1381234567890', BAD], // two long
    ['hk', '51234567', null],
    ['hk', '512345', BAD],
    ['us', '2015550123', null],
    ['us', '201555012345', BAD],
    ['de', '015123456789', null],
    ['cn', '1381234567a', BAD],
    ['cn', '138 1234 5678', BAD],
    ['cn', '', null],
  ] as const)('%s %j → %s', (country, number, message) => {
    expect(validatePhoneNumber(country, number)).toBe(message);
  });
});

describe('stored value', () => {
  it.each([
    ['cn', '13812345678', '+8613812345678'],
    ['de', '15123456789', '+4915123456789'],
    ['us', '2015550123', '+12015550123'],
    ['hk', '51234567', '+85251234567'],
  ] as const)('%s %s is stored as %s', (country, number, stored) => {
    expect(formatPhoneValue(country, number)).toBe(stored);
    expect(parsePhoneValue(stored)).toEqual({ country, number });
  });

  it.each([
    ['13812345678', { country: 'cn', number: '13812345678' }],
    ['+99912345', { country: 'cn', number: '+99912345' }],
    ['', { country: 'cn', number: '' }],
  ])('%j without a known dial code keeps the default country', (value, parsed) => {
    expect(parsePhoneValue(value)).toEqual(parsed);
  });
});

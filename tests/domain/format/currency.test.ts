import { describe, expect, it } from 'vitest';
import {
  BASE_CURRENCY,
  CURRENCIES,
  CURRENCY_INFO,
  currencyName,
  currencyPrefix,
  DEFAULT_CURRENCY,
  isCurrency,
  normalizeCurrency,
} from '../../../src/domain/format/currency';

// purchasing-core §9 / settings-messaging-shared §3: the 12 offered currencies, with the Chinese
// names a clerk uses, our chosen symbols and the ISO 4217 minor units.
const table = [
  ['CNY', '人民币', '¥', 2],
  ['EUR', '欧元', '€', 2],
  ['USD', '美元', '$', 2],
  ['HKD', '港币', 'HK$', 2],
  ['GBP', '英镑', '£', 2],
  ['CHF', '瑞士法郎', 'CHF', 2],
  ['JPY', '日元', 'JP¥', 0],
  ['AUD', '澳元', 'A$', 2],
  ['DKK', '丹麦克朗', 'DKK', 2],
  ['SEK', '瑞典克朗', 'SEK', 2],
  ['NOK', '挪威克朗', 'NOK', 2],
  ['TRY', '土耳其里拉', '₺', 2],
] as const;

describe('currencies', () => {
  it.each(table)('%s is %s, written %s, %i ISO decimals', (code, name, symbol, decimals) => {
    expect(CURRENCY_INFO[code]).toEqual({ name, symbol, isoDecimals: decimals });
    expect(currencyName(code)).toBe(name);
  });

  it('covers every currency exactly once, in the spec order', () => {
    expect(table.map(([code]) => code)).toEqual([...CURRENCIES]);
  });

  it('never gives two currencies the same symbol (¥ is the yuan only)', () => {
    const symbols = CURRENCIES.map((code) => CURRENCY_INFO[code].symbol);
    expect(new Set(symbols).size).toBe(CURRENCIES.length);
    expect(CURRENCY_INFO.JPY.symbol).not.toBe(CURRENCY_INFO.CNY.symbol);
  });

  it('uses yuan as base and default currency', () => {
    expect(BASE_CURRENCY).toBe('CNY');
    expect(DEFAULT_CURRENCY).toBe('CNY');
  });
});

describe('isCurrency', () => {
  it.each(['CNY', 'EUR', 'TRY'])('accepts %s', (code) => {
    expect(isCurrency(code)).toBe(true);
  });

  it.each([['cny'], [' EUR'], ['RUB'], [''], [null], [undefined], [156], [{}]])(
    'rejects %j',
    (value) => {
      expect(isCurrency(value)).toBe(false);
    },
  );
});

describe('normalizeCurrency', () => {
  it.each([
    ['eur', 'EUR'],
    [' usd ', 'USD'],
    ['CNY', 'CNY'],
    ['RUB', null],
    ['', null],
    [null, null],
    [978, null],
  ] as const)('%j → %j', (value, expected) => {
    expect(normalizeCurrency(value)).toBe(expected);
  });
});

describe('currencyName', () => {
  it('shows an unknown code from a newer server as it is', () => {
    expect(currencyName('RUB')).toBe('RUB');
  });

  it('reads a lower-case code', () => {
    expect(currencyName('gbp')).toBe('英镑');
  });
});

describe('currencyPrefix', () => {
  it.each([
    [undefined, '¥'],
    [null, '¥'],
    ['', '¥'],
    ['  ', '¥'],
    ['CNY', '¥'],
    ['EUR', '€'],
    ['usd', '$'],
    ['HKD', 'HK$'],
    ['GBP', '£'],
    ['CHF', 'CHF '],
    ['JPY', 'JP¥'],
    ['AUD', 'A$'],
    ['DKK', 'DKK '],
    ['SEK', 'SEK '],
    ['NOK', 'NOK '],
    ['TRY', '₺'],
    ['RUB', 'RUB '],
  ] as const)('%j → %j', (code, prefix) => {
    expect(currencyPrefix(code)).toBe(prefix);
  });
});

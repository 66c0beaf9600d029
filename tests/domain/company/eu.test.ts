import { describe, expect, it } from 'vitest';
import { EU_COUNTRY_CODES, isNonEu } from '../../../src/domain/company/eu';

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE';

describe('EU list', () => {
  it('has the 27 member states', () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect([...EU_COUNTRY_CODES].sort()).toEqual(EU.split(' ').sort());
  });

  it.each(EU.split(' '))('%s is in the EU', (code) => expect(isNonEu(code)).toBe(false));

  it.each([
    ['CN', true],
    ['CH', true],
    ['GB', true],
    ['NO', true],
    ['US', true],
    ['de', false],
    [' FR ', false],
    ['', false],
    [null, false],
  ])('%j is non-EU: %s', (code, nonEu) => expect(isNonEu(code)).toBe(nonEu));
});

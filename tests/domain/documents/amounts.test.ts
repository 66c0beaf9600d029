import { describe, expect, it } from 'vitest';
import {
  BALANCE_RATIO,
  balancePaymentOf,
  bigOrderTotalVariant,
  CNY_PRICED_SHEET_STATES,
  cnyUnitPriceWithVat,
  FIRST_PAYMENT_RATIO,
  firstPaymentOf,
  isCnyPricedStage,
  multiplyRound,
  roundTo,
  unitPriceWithoutTariff,
  unitPriceWithTariff,
  VAT_RATE,
} from '../../../src/domain/documents/amounts';

describe('roundTo (2 decimals, half away from zero)', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [1.004, 1],
    [2.675, 2.68],
    [1.015, 1.02],
    [0.125, 0.13],
    [10.235, 10.24],
    [1234.5649, 1234.56],
    [0, 0],
    [-0.004, 0],
    [Number.NaN, Number.NaN],
  ])('%s → %s', (value, rounded) => expect(roundTo(value)).toBe(rounded));

  it('rounds weights to 3 decimals', () => expect(roundTo(1.0005, 3)).toBe(1.001));
});

describe('payment split 30 / 70', () => {
  it.each([
    [1000, 300, 700],
    [100.05, 30.02, 70.03], // 30.015 rounds up
    [0.05, 0.02, 0.03],
    [333.33, 100, 233.33],
    [99.99, 30, 69.99], // 29.997
    [0, 0, 0],
  ])('total %s → first %s, balance %s', (total, first, balance) => {
    expect(firstPaymentOf(total)).toBe(first);
    expect(balancePaymentOf(total)).toBe(balance);
  });

  it('uses the ratios of the spec', () => {
    expect(FIRST_PAYMENT_RATIO).toBe(0.3);
    expect(BALANCE_RATIO).toBe(0.7);
    expect(VAT_RATE).toBe(0.13);
  });
});

describe('products', () => {
  it.each([
    [1.005, 1, 1.01],
    [100.05, 0.3, 30.02],
    [19.99, 3, 59.97],
    [0.1, 3, 0.3],
  ])('%s × %s → %s', (a, b, product) => expect(multiplyRound(a, b)).toBe(product));

  it.each([
    [1000, 970],
    [99.99, 96.99], // 96.9903
    [0.5, 0.49], // 0.485
  ])('97%% of %s is %s', (total, variant) => expect(bigOrderTotalVariant(total)).toBe(variant));
});

describe('VAT on CNY unit prices', () => {
  it.each([
    [100, true, 113],
    [99.99, true, 112.99], // 112.9887
    [0.5, true, 0.57], // 0.565
    [100, false, 100],
    [1.005, false, 1.01],
  ])('%s with CNY VAT fee %s → %s', (price, hasFee, expected) => {
    expect(cnyUnitPriceWithVat(price, hasFee)).toBe(expected);
  });
});

describe('tariff', () => {
  it.each([
    [100, 0.05, 105],
    [19.99, 0.07, 21.39], // 21.3893
    [10.1, 0.1, 11.11],
    [100, 0, 100],
  ])('%s at tariff %s → %s with tariff', (price, ratio, withTariff) => {
    expect(unitPriceWithTariff(price, ratio)).toBe(withTariff);
  });

  it.each([
    [105, 0.05, 100],
    [21.39, 0.07, 19.99],
    [11.11, 0.1, 10.1],
    [100, 0, 100],
  ])('%s with tariff %s → %s without', (price, ratio, without) => {
    expect(unitPriceWithoutTariff(price, ratio)).toBe(without);
  });
});

describe('CNY-priced stage', () => {
  const stage = [
    'EXPENSE_APPROVED',
    'INQUIRY_REPLIED',
    'QUOTATION_SENT',
    'CONTRACT_SENT',
    'CONTRACT_SIGNED',
    'CONTRACT_ENFORCED',
  ];
  it.each(stage)('%s is priced in CNY', (state) => expect(isCnyPricedStage(state)).toBe(true));
  it.each(['DRAFT', 'INQUIRY_SENT', 'FOLLOWED_UP', 'CONTRACT_AUDITING', 'SIGNED', '', null])(
    '%s is not',
    (state) => expect(isCnyPricedStage(state)).toBe(false),
  );
  it('lists exactly the six states', () =>
    expect([...CNY_PRICED_SHEET_STATES].sort()).toEqual(stage.sort()));
});

import { describe, expect, it } from 'vitest';
import {
  chooseCompany,
  toSessionAccount,
  toSessionCompanies,
} from '../../../src/platform/session/account';
import { buyerInfo } from './fixtures';

describe('toSessionCompanies', () => {
  it('keeps each membership with its admin flag and a permissions map by id', () => {
    const [first, second] = toSessionCompanies(buyerInfo());
    expect(first).toEqual({
      id: 101,
      name: '上海精工机械有限公司',
      shortName: null,
      vip: false,
      admin: false,
      contactId: 1010,
      permissions: { 'sheet.view': { id: 'sheet.view', code: 'sheet.view' } },
    });
    expect(second?.admin).toBe(true);
  });

  it('names the account by its id and token subject', () => {
    expect(toSessionAccount(buyerInfo(), 'abc')).toMatchObject({ id: 3, sub: 'abc', name: '李娜' });
  });
});

describe('chooseCompany', () => {
  const companies = [{ id: 101 }, { id: 102 }];

  it('defaults to the first company', () => {
    expect(chooseCompany(companies, '3', [null, null])).toBe(101);
  });

  it("prefers this tab's choice, then the device's", () => {
    expect(
      chooseCompany(companies, '3', [
        { sub: '3', companyId: 102 },
        { sub: '3', companyId: 101 },
      ]),
    ).toBe(102);
    expect(chooseCompany(companies, '3', [null, { sub: '3', companyId: 102 }])).toBe(102);
  });

  it("ignores another person's choice and a company the user left", () => {
    expect(chooseCompany(companies, '3', [{ sub: '9', companyId: 102 }, null])).toBe(101);
    expect(chooseCompany(companies, '3', [{ sub: '3', companyId: 555 }, null])).toBe(101);
  });

  it('has nothing to choose without companies', () => {
    expect(chooseCompany([], '3', [null])).toBeNull();
  });
});

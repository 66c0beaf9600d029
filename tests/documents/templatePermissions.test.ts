// Which permission code each report template needs, as both the app's report export
// (<Permitted>) and the generate route read it: the contract CONTRACT_EXPORT, the other listed
// templates (the sheet's 报价单 and 询价函 among them) REPORT_EXPORT, the box label none; the
// dropdown shows when any of its codes is held.
import { describe, expect, it } from 'vitest';
import {
  REPORT_TEMPLATES,
  templateCodes,
  templatePermitted,
  templatesFor,
} from '../../src/documents/templates';
import { ALL_PERMISSION_CODES, PERMISSION_CODES } from '../../src/domain/account/permissionCodes';
import { hasPermission } from '../../src/domain/account/permissions';

const { CONTRACT_EXPORT, REPORT_EXPORT, ORDER } = PERMISSION_CODES;
const byId = (id: number) => {
  const template = REPORT_TEMPLATES.find((t) => t.id === id);
  if (!template) throw new Error(`no template ${id}`);
  return template;
};
/** What the dropdown lists for a company holding these codes, as the app gates it. */
const visible = (codes: readonly string[], module: 'ORDER' | 'INQUERY_QUOTATION_SHEET') => {
  const map = Object.fromEntries(codes.map((code) => [code, { id: code, code }]));
  if (!hasPermission(map, templateCodes(module))) return [];
  return templatesFor(module)
    .filter((t) => t.permission === null || hasPermission(map, t.permission))
    .map((t) => t.id);
};

describe('report template permissions', () => {
  it('names a code for every listed template, and none for the box label', () => {
    expect(byId(101).permission).toBe(CONTRACT_EXPORT);
    for (const id of [102, 103, 104, 201, 202]) expect(byId(id).permission).toBe(REPORT_EXPORT);
    expect(byId(105).permission).toBeNull();
    for (const template of REPORT_TEMPLATES.filter((t) => t.listed)) {
      expect(ALL_PERMISSION_CODES).toContain(template.permission);
    }
  });

  it("gathers a module's codes for the dropdown", () => {
    expect(templateCodes('ORDER')).toEqual([CONTRACT_EXPORT, REPORT_EXPORT]);
    expect(templateCodes('INQUERY_QUOTATION_SHEET')).toEqual([REPORT_EXPORT]);
  });

  it.each([
    ['the full map', ALL_PERMISSION_CODES, [101, 102, 103, 104], [201, 202]],
    ['no contract code', [ORDER, REPORT_EXPORT], [102, 103, 104], [201, 202]],
    ['the contract code alone', [CONTRACT_EXPORT], [101], []],
    ['no export code', [ORDER], [], []],
  ] as const)('with %s the dropdowns list what the server makes', (_, codes, order, sheet) => {
    expect(visible(codes, 'ORDER')).toEqual(order);
    expect(visible(codes, 'INQUERY_QUOTATION_SHEET')).toEqual(sheet);
    // The generate route's rule agrees with the app's for every listed template.
    for (const template of REPORT_TEMPLATES.filter((t) => t.listed)) {
      const shown = visible(codes, template.module).includes(template.id);
      expect(templatePermitted(template, codes), `${template.id}`).toBe(shown);
    }
    expect(templatePermitted(byId(105), codes)).toBe(true);
  });
});

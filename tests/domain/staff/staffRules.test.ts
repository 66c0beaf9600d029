// The server-side staff rules of staff management: transition refusals, the successor check
// and the optional employee fields.
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../src/domain/staff/messages';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';
import { staffTransitionProblem, successorProblem } from '../../../src/domain/staff/transitions';
import { isBirthday, validateEmployeeDetails } from '../../../src/domain/staff/validation';

const person = (status: string, admin = false) => ({ id: 1, name: '张三', status, admin });

describe('staffTransitionProblem', () => {
  it.each([
    ['handover', person('IN_SERVICE'), null],
    ['handover', person('DEPART'), R.HANDOVER_NOT_IN_SERVICE],
    ['handover', person('IN_SERVICE', true), R.HANDOVER_ADMIN],
    ['restore', person('DEPART'), null],
    ['restore', person('DEPART', true), null],
    ['restore', person('IN_SERVICE'), R.RESTORE_NOT_DEPART],
    ['delete', person('DEPART'), null],
    ['delete', person('IN_SERVICE'), R.DELETE_NOT_DEPART],
    ['delete', person('DELETED'), R.DELETE_NOT_DEPART],
  ] as const)('%s of %j → %s', (action, employee, problem) => {
    expect(staffTransitionProblem(action, employee)).toBe(problem);
  });
});

describe('successorProblem', () => {
  it('needs a successor', () => {
    expect(successorProblem(1, null, undefined)).toBe(STAFF_MESSAGES.SUCCESSOR_REQUIRED);
    expect(successorProblem(1, undefined, undefined)).toBe(STAFF_MESSAGES.SUCCESSOR_REQUIRED);
  });
  it.each([
    ['nobody of the company', 2, undefined],
    ['the leaver', 1, { id: 1, name: '张三', status: 'IN_SERVICE' }],
    ['a departed colleague', 3, { id: 3, name: '李四', status: 'DEPART' }],
  ])('refuses %s', (_what, id, successor) => {
    expect(successorProblem(1, id, successor)).toBe(R.SUCCESSOR_INVALID);
  });
  it('accepts another on-duty colleague', () => {
    expect(successorProblem(1, 2, { id: 2, name: '王五', status: 'IN_SERVICE' })).toBeNull();
  });
});

describe('isBirthday', () => {
  const today = new Date('2026-03-01T00:00:00Z');
  it.each([
    ['1990-02-28', true],
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['1990-13-01', false],
    ['1990-1-01', false],
    ['2026-03-01', true],
    ['2026-03-02', false],
    ['1899-12-31', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isBirthday(value, today)).toBe(ok);
  });
});

describe('validateEmployeeDetails', () => {
  it('accepts empty optional fields', () => {
    expect(validateEmployeeDetails({ email: ' ', birthday: '' })).toEqual({});
  });
  it('reports a bad email and a bad birthday', () => {
    expect(validateEmployeeDetails({ email: 'a@b', birthday: '1990-02-30' })).toEqual({
      email: R.EMAIL_INVALID,
      birthday: R.BIRTHDAY_INVALID,
    });
  });
  it('accepts a good email and birthday', () => {
    expect(validateEmployeeDetails({ email: 'li@example.com', birthday: '1990-05-01' })).toEqual(
      {},
    );
  });
});

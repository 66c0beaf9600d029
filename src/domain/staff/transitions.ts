// Employee status transitions as data (settings-messaging-shared §4 "Staff", §5 "Staff",
// §6 administrator rules) and the checks that guard them.

import { restoreConfirmMessage, STAFF_MESSAGES } from './messages';
import type { StaffStatus } from './staffCodes';
import { STAFF_RULE_MESSAGES } from './staffText';

export const STAFF_ACTIONS = ['handover', 'restore', 'delete'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

interface Transition {
  from: StaffStatus;
  /** null: the employee record is gone. */
  to: StaffStatus | null;
  reversible: boolean;
  needsSuccessor: boolean;
  /** Only an administrator may do it (the staff screen is for administrators anyway). */
  actorMustBeAdmin: boolean;
  /** An administrator employee cannot be the subject of it. */
  refusesAdminEmployee: boolean;
}

export const STAFF_TRANSITIONS: Record<StaffAction, Transition> = {
  handover: {
    from: 'IN_SERVICE',
    to: 'DEPART',
    reversible: false,
    needsSuccessor: true,
    actorMustBeAdmin: false,
    refusesAdminEmployee: true,
  },
  restore: {
    from: 'DEPART',
    to: 'IN_SERVICE',
    reversible: true,
    needsSuccessor: false,
    actorMustBeAdmin: false,
    refusesAdminEmployee: false,
  },
  delete: {
    from: 'DEPART',
    to: null,
    reversible: false,
    needsSuccessor: false,
    actorMustBeAdmin: true,
    refusesAdminEmployee: false,
  },
};

export interface Employee {
  id: number;
  name: string;
  status: string;
  admin?: boolean | null;
}

/** The action buttons an employee's row offers. */
export function availableStaffActions(employee: Employee): StaffAction[] {
  return STAFF_ACTIONS.filter((action) => {
    const t = STAFF_TRANSITIONS[action];
    return employee.status === t.from && !(t.refusesAdminEmployee && employee.admin === true);
  });
}

/** The other on-duty colleagues who can take over the leaving employee's work. */
export function successorCandidates<T extends Employee>(
  staff: readonly T[],
  leavingId: number,
): T[] {
  return staff.filter((e) => e.status === 'IN_SERVICE' && e.id !== leavingId);
}

export function validateHandover(successorId: number | null | undefined): string | null {
  return successorId === null || successorId === undefined
    ? STAFF_MESSAGES.SUCCESSOR_REQUIRED
    : null;
}

export function validateDelete(actor: { isAdmin: boolean }): string | null {
  return STAFF_TRANSITIONS.delete.actorMustBeAdmin && !actor.isAdmin
    ? STAFF_MESSAGES.DELETE_NOT_ADMIN
    : null;
}

const WRONG_STATUS: Record<StaffAction, string> = {
  handover: STAFF_RULE_MESSAGES.HANDOVER_NOT_IN_SERVICE,
  restore: STAFF_RULE_MESSAGES.RESTORE_NOT_DEPART,
  delete: STAFF_RULE_MESSAGES.DELETE_NOT_DEPART,
};

/** Why the employee cannot undergo the action (the server's refusal), or null. */
export function staffTransitionProblem(action: StaffAction, employee: Employee): string | null {
  const t = STAFF_TRANSITIONS[action];
  if (employee.status !== t.from) return WRONG_STATUS[action];
  if (t.refusesAdminEmployee && employee.admin === true) return STAFF_RULE_MESSAGES.HANDOVER_ADMIN;
  return null;
}

/**
 * The successor of a handover: required, and another on-duty employee of the same company
 * (`successor` is undefined when the id names nobody of that company).
 */
export function successorProblem(
  leavingId: number,
  successorId: number | null | undefined,
  successor: Employee | undefined,
): string | null {
  const missing = validateHandover(successorId);
  if (missing) return missing;
  if (!successor || successorCandidates([successor], leavingId).length === 0) {
    return STAFF_RULE_MESSAGES.SUCCESSOR_INVALID;
  }
  return null;
}

/** What the user confirms before each action. */
export function staffActionConfirmation(action: StaffAction, employee: Employee): string {
  switch (action) {
    case 'handover':
      return STAFF_MESSAGES.LEAVE_CONFIRM;
    case 'restore':
      return restoreConfirmMessage(employee.name);
    case 'delete':
      return STAFF_MESSAGES.DELETE_CONFIRM;
  }
}

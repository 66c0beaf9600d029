// The owner change dialog of a purchase sheet and of an order (purchasing-core §5 "Owner change",
// §6, §8): who may be chosen, in what order, and the dialog's words. The spec words only the two
// outcome messages (PURCHASING_MESSAGES.OWNER_CHANGED / OWNER_CHANGE_FAILED); the rest is ours.

import { ownerCandidates, type StaffMember } from '../purchase/rules';

export const OWNER_CHANGE_LABELS = {
  TITLE: '变更负责人',
  OPEN: '变更负责人',
  OWNER: '负责人',
  NO_OWNER: '未指定',
  NEW_OWNER: '新负责人',
  PLACEHOLDER: '输入姓名搜索在职员工',
  NOTHING_FOUND: '没有符合条件的在职员工',
  NO_CANDIDATES: '本公司没有其他在职员工可选',
  CONFIRM: '确定',
  CANCEL: '取消',
  /** Shown in the dialog while offline. */
  OFFLINE_HINT: '当前离线，变更会保存在本机，联网后自动同步',
} as const;

export interface OwnerOption {
  /** The contact id as text (select inputs speak strings). */
  value: string;
  label: string;
}

/**
 * The choices of the dialog: in-service staff of the current company except the present owner,
 * by name (Chinese collation) so a long staff list reads like a directory; same names by id.
 */
export function ownerOptions(
  staff: readonly StaffMember[],
  currentCompanyId: number,
  currentOwnerId: number | null | undefined,
): OwnerOption[] {
  return ownerCandidates(staff, currentCompanyId, currentOwnerId)
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id)
    .map((person) => ({ value: String(person.id), label: person.name }));
}

/** The chosen option as the owner a mutation carries; null when the value is not a choice. */
export function chosenOwner(
  options: readonly OwnerOption[],
  value: string | null,
): { id: number; name: string } | null {
  const option = options.find((candidate) => candidate.value === value);
  return option ? { id: Number(option.value), name: option.label } : null;
}

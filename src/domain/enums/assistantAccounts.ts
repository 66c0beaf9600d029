// Assistant-account picker (settings-messaging-shared §3 "Search results", §5 "Shared
// widgets": the department option appears only when the system flag equals 0).

import { labelSet } from '../codeLabels';

export const ASSISTANT_TYPES = labelSet({
  account_company: '公司',
  account_user: '用户',
  account_department: '部门',
});
export type AssistantType = (typeof ASSISTANT_TYPES.codes)[number];

export interface AssistantAccount {
  assistant_type: string;
  assistant_id: number;
  name: string;
}

export function assistantTypeOptions(systemFlag: number | null | undefined): AssistantType[] {
  return ASSISTANT_TYPES.codes.filter((t) => t !== 'account_department' || systemFlag === 0);
}

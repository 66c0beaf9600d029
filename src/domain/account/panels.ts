// Which panels the personal centre shows (settings-messaging-shared §2 "Personal centre",
// §6 "The VIP panel is visible only to VIP companies").

export function showsVipPanel(company: { vip?: boolean | null } | null | undefined): boolean {
  return company?.vip === true;
}

export interface FollowerContact {
  alias?: string | null;
  mobile?: string | null;
  phone?: string | null;
}

export function showsSalesManagerPanel(follower: FollowerContact | null | undefined): boolean {
  return follower !== null && follower !== undefined;
}

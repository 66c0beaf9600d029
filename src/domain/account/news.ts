// The header's news ticker (settings-messaging-shared §2 "Shell"): the first news item's title and
// link; when there is none (or the news call failed: only logged), a default VIP promotion link.
import { trimEndWhile } from '../format/text';

export interface NewsItem {
  title: string;
  url: string;
}

/** The VIP page on the public website (runtime config `publicWebsite`). */
export const VIP_PROMOTION_PATH = '/vip';
export const VIP_PROMOTION_TITLE = '开通 VIP 会员，享受更多采购优惠';

export function newsTickerItem(items: readonly NewsItem[] | null, publicWebsite: string): NewsItem {
  const first = items?.find((item) => item.title.trim() !== '' && /^https?:\/\//.test(item.url));
  if (first) return first;
  return {
    title: VIP_PROMOTION_TITLE,
    url: `${trimEndWhile(publicWebsite, (c) => c === '/')}${VIP_PROMOTION_PATH}`,
  };
}

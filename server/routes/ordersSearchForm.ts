// The order list's quick-search form (purchasing-core §2.5, §4.3): the fields the list's filters
// accept, with Chinese labels; the state filter offers the tab's codes from the domain table and
// is left out on tabs that have none.
import { orderStateLabel } from '../../src/domain/orders/orderStates';
import { ORDER_TAB_INFO, type OrderTab } from '../../src/domain/orders/orderTabs';

export type SearchField =
  | { key: string; label: string; type: 'input'; placeholder: string }
  | {
      key: string;
      label: string;
      type: 'select';
      multiple: boolean;
      options: Array<{ value: number; label: string }>;
    }
  | { key: string; label: string; type: 'daterange' };

export function orderSearchForm(tab: OrderTab): { orderType: OrderTab; searchList: SearchField[] } {
  const searchList: SearchField[] = [
    { key: 'name', label: '订单号', type: 'input', placeholder: '请输入订单号或询价单号' },
    { key: 'brand_name', label: '品牌', type: 'input', placeholder: '请输入品牌名称' },
  ];
  const states = ORDER_TAB_INFO[tab].stateFilter;
  if (states.length > 0) {
    searchList.push({
      key: 'state',
      label: '订单状态',
      type: 'select',
      multiple: true,
      options: states.map((code) => ({ value: code, label: orderStateLabel(code) })),
    });
  }
  searchList.push({ key: 'create_time', label: '创建时间', type: 'daterange' });
  return { orderType: tab, searchList };
}

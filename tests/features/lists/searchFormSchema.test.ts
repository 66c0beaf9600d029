// The quick-search forms as the two servers' calls describe them (docs/api.md §6, §7), read into
// one shape: the order list's `daterange` is the purchase list's `dateRange`, and a field of a
// kind this app does not know is left out rather than failing the whole form.
import { describe, expect, it } from 'vitest';
import { searchFormAnswerSchema } from '../../../src/contract/api/lists';

describe('searchFormAnswerSchema', () => {
  it('reads both lists\u2019 forms into one shape', () => {
    const answer = searchFormAnswerSchema.parse({
      orderType: 'ALL',
      searchList: [
        { key: 'name', label: '订单号', type: 'input', placeholder: '请输入订单号或询价单号' },
        {
          key: 'state',
          label: '订单状态',
          type: 'select',
          multiple: true,
          options: [{ value: 20, label: '合同已执行' }],
        },
        { key: 'create_time', label: '创建时间', type: 'daterange' },
        { key: 'owner', label: '负责人', type: 'select', options: [{ value: 7, label: '张三' }] },
      ],
    });
    expect(answer.searchList.map((field) => [field.key, field.type])).toEqual([
      ['name', 'input'],
      ['state', 'select'],
      ['create_time', 'dateRange'],
      ['owner', 'select'],
    ]);
    expect(answer.searchList[1]?.multiple).toBe(true);
  });

  it('leaves out fields it cannot use', () => {
    const answer = searchFormAnswerSchema.parse({
      searchList: [
        { key: 'name', label: '采购单号', type: 'input' },
        { key: 'region', label: '地区', type: 'cascader' },
        { key: '', label: '无名', type: 'input' },
        { key: 'owner', label: '负责人', type: 'select', options: [{ value: {}, label: 'x' }] },
      ],
    });
    expect(answer.searchList.map((field) => field.key)).toEqual(['name']);
  });
});

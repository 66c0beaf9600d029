// The ticker's item: the first usable news item, else the default VIP promotion link.
import { describe, expect, it } from 'vitest';
import { newsTickerItem, VIP_PROMOTION_TITLE } from '../../../src/domain/account/news';

const site = 'https://www.example.com/';

describe('newsTickerItem', () => {
  it.each([
    [
      'the first item',
      [
        { title: '新品上架', url: 'https://a.example/1' },
        { title: '二', url: 'https://a.example/2' },
      ],
      '新品上架',
    ],
    [
      'skipping an item without a title',
      [
        { title: ' ', url: 'https://a.example/1' },
        { title: '二', url: 'https://a.example/2' },
      ],
      '二',
    ],
    [
      'skipping a non-web link',
      [{ title: '坏链接', url: 'javascript:alert(1)' }],
      VIP_PROMOTION_TITLE,
    ],
    ['the VIP link when there is no news', [], VIP_PROMOTION_TITLE],
    ['the VIP link when the call failed', null, VIP_PROMOTION_TITLE],
  ])('%s', (_name, items, title) => {
    expect(newsTickerItem(items, site).title).toBe(title);
  });

  it('links the VIP promotion on the public website', () => {
    expect(newsTickerItem(null, site).url).toBe('https://www.example.com/vip');
  });
});

// The header's news ticker: the first news item (GET /api/v7/news, public), remembered for
// offline starts; with none, the VIP promotion link. A failed call is only logged (settings-messaging-shared §8).
import { useEffect, useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import { type NewsItem, newsTickerItem } from '../../domain/account/news';
import { useApi } from '../../platform/api/useApi';
import { readPersisted, writePersisted } from '../../platform/persisted';

export function useNewsTicker(publicWebsite: string): NewsItem {
  const api = useApi();
  const [item, setItem] = useState(
    () => readPersisted('newsItem') ?? newsTickerItem(null, publicWebsite),
  );
  useEffect(() => {
    let live = true;
    api
      .call(APP_ROUTES.news, { query: { limit: 1 }, quiet: true })
      .then(({ items }) => {
        const next = newsTickerItem(items, publicWebsite);
        writePersisted('newsItem', next);
        if (live) setItem(next);
      })
      .catch((error: unknown) => {
        console.warn('news ticker: the news call failed', error);
      });
    return () => {
      live = false;
    };
  }, [api, publicWebsite]);
  return item;
}

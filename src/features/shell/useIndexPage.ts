// The logo's target (settings-messaging-shared §2 "Shell": the index page the server chooses):
// GET /index names the sheet type to land on; the last answer per company is kept so the logo
// leads to the same list offline, and ALL is the default before any answer.
import { useEffect, useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { useApi } from '../../platform/api/useApi';
import { readPersisted, writePersisted } from '../../platform/persisted';

const remembered = (companyId: number): SheetListType =>
  readPersisted('indexPages')?.[String(companyId)] ?? 'ALL';

export function useIndexPage(companyId: number): SheetListType {
  const api = useApi();
  const [menu, setMenu] = useState(() => remembered(companyId));
  useEffect(() => {
    setMenu(remembered(companyId));
    let live = true;
    api
      .call(APP_ROUTES.indexPage, { quiet: true })
      .then(({ menu: answer }) => {
        writePersisted('indexPages', {
          ...readPersisted('indexPages'),
          [String(companyId)]: answer,
        });
        if (live) setMenu(answer);
      })
      // Offline or refused: the remembered landing list stays.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, companyId]);
  return menu;
}

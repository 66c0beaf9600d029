// A list's quick-search form: the copy kept on the device at once (so the form is there offline),
// then the server's, which replaces and is kept in turn.
// The server is asked once per form and tab (a form changes with the company's staff, not from
// one tab switch to the next), and only once the list shows its rows, so the call and its
// answer's checks stay off a route change's way to the first rows; the kept copies are read
// from storage once per tab.
import { useEffect, useState } from 'react';
import type { SearchField, searchFormAnswerSchema } from '../../contract/api/lists';
import type { Route } from '../../contract/api/route';
import { useApi } from '../../platform/api/useApi';
import { readPersisted, writePersisted } from '../../platform/persisted';

/** The two lists' form calls (APP_ROUTES.sheetSearchForm, orderSearchForm), taking the type. */
export type SearchFormRoute = Route<
  { query: Readonly<Record<string, string>> },
  () => string,
  typeof searchFormAnswerSchema
>;

export interface SearchFormSource {
  /** The server's call (docs/api.md §6, §7). */
  route: SearchFormRoute;
  /** The list type parameter: `{ sheetType }` or `{ orderType }`. */
  query: Readonly<Record<string, string>>;
  /** The kept copy's name: list, company and type. */
  key: string;
}

type KeptForms = Readonly<Record<string, SearchField[]>>;

/** The kept forms as this tab last read or wrote them. */
let keptForms: KeptForms | undefined;
/** The forms this tab has asked the server for. */
const asked = new Set<string>();

function keptForm(key: string): SearchField[] | null {
  keptForms ??= readPersisted('listSearchForms') ?? {};
  return keptForms[key] ?? null;
}

function keep(key: string, fields: SearchField[]): void {
  // Another tab may have kept other forms since: storage is read again before writing.
  keptForms = { ...readPersisted('listSearchForms'), [key]: fields };
  writePersisted('listSearchForms', keptForms);
}

/**
 * The form's fields; null until the device holds any (first visit while offline). `ready`: the
 * list is on screen, the server may be asked.
 */
export function useSearchForm(source: SearchFormSource, ready: boolean): SearchField[] | null {
  const api = useApi();
  const { route, query, key } = source;
  const [answer, setAnswer] = useState<{ key: string; fields: SearchField[] } | null>(null);
  const fields = answer?.key === key ? answer.fields : keptForm(key);
  const queryText = JSON.stringify(query);
  useEffect(() => {
    if (!ready || asked.has(key)) return;
    asked.add(key);
    // Once asked, the answer is kept even if this screen has gone (setting its state then is a
    // no-op): the next visit shows it.
    api
      .call(route, { query: JSON.parse(queryText), quiet: true })
      .then(({ searchList }) => {
        // Usually the form has not changed: the page is not rendered again for it.
        if (JSON.stringify(keptForm(key)) === JSON.stringify(searchList)) return;
        keep(key, searchList);
        setAnswer({ key, fields: searchList });
      })
      // Offline or refused: the kept form stays, and the next visit asks again.
      .catch(() => asked.delete(key));
  }, [api, route, queryText, key, ready]);
  return fields;
}

// A list's quick-search form: the copy kept on the device at once (so the form is there offline),
// then the server's, which replaces and is kept in turn. Only the fields the local list applies
// are returned: a key a newer server adds is left out until this app learns it.
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../app/api/useApi';
import { readPersisted, writePersisted } from '../../app/persisted';
import { type SearchField, searchFormAnswerSchema } from './searchFormSchema';

export interface SearchFormSource {
  /** The server's call (docs/api.md §6, §7). */
  path: string;
  /** The list type parameter: `{ sheetType }` or `{ orderType }`. */
  query: Readonly<Record<string, string>>;
  /** The kept copy's name: list, company and type. */
  key: string;
  /** Whether the local list applies (and the tab shows) a field. */
  shows(key: string): boolean;
}

const remembered = (key: string): SearchField[] | null =>
  readPersisted('listSearchForms')?.[key] ?? null;

/** The form's fields; null until the device holds any (first visit while offline). */
export function useSearchForm(source: SearchFormSource): SearchField[] | null {
  const api = useApi();
  const { path, query, key, shows } = source;
  const [answer, setAnswer] = useState<{ key: string; fields: SearchField[] } | null>(null);
  const kept = useMemo(() => remembered(key), [key]);
  const fields = answer?.key === key ? answer.fields : kept;
  const queryText = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    api
      .get(path, { query: JSON.parse(queryText), schema: searchFormAnswerSchema, quiet: true })
      .then(({ searchList }) => {
        const kept = readPersisted('listSearchForms');
        // Usually the form has not changed: the page is not rendered again for it.
        if (JSON.stringify(kept?.[key]) === JSON.stringify(searchList)) return;
        writePersisted('listSearchForms', { ...kept, [key]: searchList });
        if (live) setAnswer({ key, fields: searchList });
      })
      // Offline or refused: the kept form stays.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, path, queryText, key]);
  return fields?.filter((field) => shows(field.key)) ?? null;
}

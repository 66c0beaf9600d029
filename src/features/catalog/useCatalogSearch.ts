// Runs a catalogue search as the user types (purchasing-core §5): the server's search when online,
// the device's own records (src/domain/catalog/suggestions.ts) when offline or when the server
// cannot be reached, so a brand or product seen before is still offered. Debounced; an answer
// for text the user has typed past is dropped.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../domain/catalog/suggestions';
import { ApiError } from '../../platform/api/apiError';
import { useOnline } from '../../platform/session/useOnline';

export type SearchSource = 'server' | 'local';

export interface CatalogSearch<T> {
  hits: T[];
  source: SearchSource;
}

/**
 * `term` null means nothing to search (too short, refused text). `remote` asks the server,
 * `local` answers from the device; both get the same term. While a new term is being searched
 * the previous hits stay, so the list does not flicker empty at every keystroke.
 */
export function useCatalogSearch<T>(
  term: string | null,
  remote: (term: string) => Promise<T[]>,
  local: (term: string) => T[],
): CatalogSearch<T> {
  const online = useOnline();
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [result, setResult] = useState<CatalogSearch<T>>({ hits: [], source: 'server' });

  const search = useEffectEvent(async (text: string, viaServer: boolean, isLive: () => boolean) => {
    let found: CatalogSearch<T>;
    if (!viaServer) found = { hits: local(text), source: 'local' };
    else {
      try {
        found = { hits: await remote(text), source: 'server' };
      } catch (error) {
        // Unreachable although the browser says online: the device's records. A refusal (the
        // server's rules) lists nothing; the input shows its own check's message.
        const unreachable = error instanceof ApiError && error.unreachable;
        found = unreachable
          ? { hits: local(text), source: 'local' }
          : { hits: [], source: 'server' };
      }
    }
    if (isLive()) setResult(found);
  });

  useEffect(() => {
    if (debounced === null) return;
    let live = true;
    void search(debounced, online, () => live);
    return () => {
      live = false;
    };
  }, [debounced, online]);

  return term === null ? { hits: [], source: online ? 'server' : 'local' } : result;
}

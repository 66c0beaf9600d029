// Reads, once, the unsent entries of the user's database that a newer app upgraded; undefined
// while reading, null when there is nothing to read (no database) or reading failed.
import { useEffect, useState } from 'react';
import { readOutdatedOutbox } from '../../data/readOnly';
import { type OutdatedOutbox, outdatedOutbox } from './outdatedOutbox';

export function useOutdatedOutbox(userId: number): OutdatedOutbox | null | undefined {
  const [value, setValue] = useState<OutdatedOutbox | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    readOutdatedOutbox(String(userId)).then(
      (snapshot) => {
        if (live) setValue(snapshot && outdatedOutbox(snapshot));
      },
      () => {
        if (live) setValue(null);
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return value;
}

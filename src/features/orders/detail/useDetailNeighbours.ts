// The previous/next addresses of a sheet or order detail (neighbourAddresses.ts), kept live: a
// row synced into or out of the list moves the neighbours with it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../../../platform/sync/useLocalDb';
import { type Neighbours, type NeighbourWhere, neighbourAddresses } from './neighbourAddresses';

const NONE: Neighbours = { previous: null, next: null };

/** Nothing to page through when the detail was not opened from a list row (no index). */
export function useDetailNeighbours(where: NeighbourWhere, index: number | undefined): Neighbours {
  const db = useLocalDb();
  const { companyId, timeZone, origin, filter } = where;
  return (
    useLiveQuery(async () => {
      if (index === undefined) return NONE;
      try {
        return await neighbourAddresses(db, { companyId, timeZone, origin, filter }, index);
      } catch (error) {
        // The record itself is readable: a list that cannot be read leaves paging off and the
        // page stays (a failed live query would replace the whole page with the error screen).
        console.error('detail paging: the list could not be read', error);
        return NONE;
      }
    }, [db, companyId, timeZone, origin, filter, index]) ?? NONE
  );
}

// Whether the screen is phone-sized (below Mantine's `sm`, 48em): lists become cards there.
// Read at once, not after a first desktop render, so a phone never mounts the table.
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 48em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}

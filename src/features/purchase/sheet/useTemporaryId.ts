// One temporary (negative) id drawn from the sync engine when a form opens: a new brand typed in
// the form takes it (purchasing-core §5 "a new brand with a negative temporary id"), from the same
// sequence as every offline row, so it never collides with one. 0 until the engine answers.
import { useEffect, useState } from 'react';
import { useAppServices } from '../../../platform/AppServicesContext';

export function useTemporaryId(): number {
  const { sync } = useAppServices();
  const [id, setId] = useState(0);
  useEffect(() => {
    let live = true;
    sync
      .write((api) => api.temporaryId())
      .then(
        (drawn) => {
          if (live) setId(drawn);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [sync]);
  return id;
}

import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { authAtom } from '../../../state/auth.ts';
import { ownedOf } from '../collection-api.ts';
import { collectionChangedEvent } from './collection-changes.ts';

/**
 * Copies the signed-in collector owns of each printing, read again whenever the app changes the
 * collection; undefined for a visitor and until the first answer. A printing not in the map is not owned.
 */
export function useOwnedCounts(printingIds: readonly string[]): ReadonlyMap<string, number> | undefined {
  const { authenticated, user } = useAtomValue(authAtom);
  const key = [...new Set(printingIds)].sort().join(',');
  const [owned, setOwned] = useState<{ key: string; counts: ReadonlyMap<string, number> }>();
  const asker = authenticated ? (user?.subject ?? '') : null;

  useEffect(() => {
    if (asker === null || key === '') return;
    let current = true;
    const read = () =>
      ownedOf(key.split(',')).then(
        (counts) => current && setOwned({ key: `${asker}|${key}`, counts }),
        (error: unknown) => console.warn('Could not read how many copies are owned:', error),
      );
    void read();
    window.addEventListener(collectionChangedEvent, read);
    return () => {
      current = false;
      window.removeEventListener(collectionChangedEvent, read);
    };
  }, [asker, key]);

  if (asker === null) return undefined;
  if (key === '') return new Map();
  return owned?.key === `${asker}|${key}` ? owned.counts : undefined;
}

import { atomWithStorage } from 'jotai/utils';

/**
 * A preference kept in localStorage as a plain string (not JSON), so the stored values stay readable
 * ('fr', 'true') and are shared with code outside React; an unknown stored value falls back to the default.
 */
export function persistedPreference<Value>(key: string, initial: Value, parse: (raw: string) => Value | undefined, format: (value: Value) => string) {
  return atomWithStorage<Value>(
    key,
    initial,
    {
      getItem: (storageKey, fallback) => {
        const raw = globalThis.localStorage?.getItem(storageKey);
        return raw === null || raw === undefined ? fallback : (parse(raw) ?? fallback);
      },
      setItem: (storageKey, value) => globalThis.localStorage?.setItem(storageKey, format(value)),
      removeItem: (storageKey) => globalThis.localStorage?.removeItem(storageKey),
    },
    { getOnInit: true },
  );
}

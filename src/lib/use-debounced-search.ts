import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A search field's text as typed, with its trimmed value handed to `commit` once typing has paused
 * for `delayMs` (at once when it is 0). Only a change of the trimmed text commits, so a trailing
 * space asks nothing.
 */
export function useDebouncedSearch(committed: string, commit: (value: string) => void, delayMs: number): [string, (value: string) => void] {
  const [draft, setDraft] = useState(committed);
  const settled = useDebouncedValue(draft, delayMs).trim();
  useEffect(() => {
    if (settled !== committed) commit(settled);
    // Only a newly settled text commits; the committed value changing on its own must not push the draft back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const change = (value: string) => {
    setDraft(value);
    if (delayMs === 0 && value.trim() !== committed) commit(value.trim());
  };
  return [draft, change];
}

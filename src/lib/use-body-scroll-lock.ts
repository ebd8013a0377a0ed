import { useEffect } from 'react';

let locks = 0;
let previousOverflow = '';

/** While any caller is mounted the page behind stays still; the last one to leave restores it. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    if (locks === 0) {
      previousOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = previousOverflow;
    };
  }, []);
}

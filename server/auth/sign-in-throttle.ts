import type { Database } from '../db/open-database.ts';
import { serverSettings } from '../server-settings.ts';
import { addHit, currentHits, holdHit, removeHit } from './database-rate-limit-store.ts';

const { throttle } = serverSettings;

/**
 * The wait after an account's `failures`th failed password, as Keycloak's brute-force detection
 * counts it: none for the first few, then one increment more for each further group of failures,
 * never more than the maximum.
 */
export function waitAfterFailures(failures: number): number {
  const steps = Math.floor(failures / throttle.signInFreeFailures.value);
  return Math.min(throttle.signInMaxWaitMs.value, steps * throttle.signInWaitIncrementMs.value);
}

/**
 * Throttles password sign-in without locking anyone out. Only failed passwords count: against the
 * account (its failures decide how long to wait) and against the address that failed (the wait
 * holds that address alone for that account), so the owner signing in from elsewhere is not held.
 * Apart from that, each address may have a bounded number of failed or pending sign-ins over all
 * accounts, which stops one client trying account after account. Counts live in the database, so
 * servers sharing one PostgreSQL share them.
 */
export interface SignInThrottle {
  /** Before the password is checked: undefined to go on, else the seconds to wait. */
  admit(address: string, account: string): Promise<number | undefined>;
  /** The password was wrong (or the account unknown). */
  failed(address: string, account: string): Promise<void>;
  /** The password was right: the attempt is given back to the address. */
  succeeded(address: string): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createSignInThrottle(db: Database): SignInThrottle {
  const addressKey = (address: string) => `sign-in-address:${address}`;
  const accountKey = (account: string) => `sign-in-account:${account}`;
  const pairKey = (address: string, account: string) => `sign-in-pair:${account}\n${address}`;
  return {
    async admit(address, account) {
      const held = await currentHits(db, pairKey(address, account));
      if (held) return seconds(held.ttlMs);
      // Taken before the password is checked, so a burst of parallel attempts cannot pass the limit.
      const used = await addHit(db, addressKey(address), throttle.signInWindowMs.value, 'window');
      if (used.hits > throttle.signInPerAddress.value) return seconds(used.ttlMs);
      return undefined;
    },
    async failed(address, account) {
      const failures = await addHit(db, accountKey(account), throttle.signInFailureMemoryMs.value, 'since-last');
      const wait = waitAfterFailures(failures.hits);
      if (wait > 0) await holdHit(db, pairKey(address, account), wait);
    },
    async succeeded(address) {
      await removeHit(db, addressKey(address));
    },
  };
}

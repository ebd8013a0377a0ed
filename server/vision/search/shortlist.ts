import type { Reading } from '../describe/read-outlines.ts';
import type { FingerprintIndex, SearchPool } from './fingerprint-index.ts';

/** A printing's best showing over some readings: the reading it is most alike through. */
export interface Contender {
  position: number;
  reading: Reading;
  /** The search's thumbnail correlation through that reading (or the hashes' likeness): what orders contenders for alignment. */
  coarse: number;
  hashDistance: number;
}

export interface ShortlistOptions {
  pool: SearchPool;
  finalists: number;
  /** The hash distance alone orders the printings: no thumbnail is compared. */
  hashesOnly: boolean;
}

/**
 * The finalists (each printing with its best reading, best first) and each reading's favourite.
 * A favourite's reading may be a few percent off and so rank low by correlation, yet line up
 * perfectly once aligned.
 */
export function shortlist(search: FingerprintIndex, readings: Reading[], { pool, finalists, hashesOnly }: ShortlistOptions): { finals: Contender[]; favourites: Contender[] } {
  const best = new Map<number, Contender>();
  const favourites: Contender[] = [];
  const found = search.search(
    readings.map((reading) => reading.fingerprint.hashes),
    pool,
  );
  for (const [r, reading] of readings.entries()) {
    const matches = found[r]!;
    const coarse = hashesOnly
      ? matches.map((match) => 1 - 2 * match.distance)
      : search.correlate(
          reading.fingerprint.thumbnail,
          matches.map((match) => match.position),
        );
    let favourite: Contender | undefined;
    matches.forEach((match, k) => {
      const contender = { position: match.position, reading, coarse: coarse[k]!, hashDistance: match.distance };
      const known = best.get(match.position);
      if (!known || contender.coarse > known.coarse) best.set(match.position, contender);
      if (!favourite || contender.coarse > favourite.coarse) favourite = contender;
    });
    if (favourite) favourites.push(favourite);
  }
  return { finals: [...best.values()].sort((a, b) => b.coarse - a.coarse).slice(0, finalists), favourites };
}

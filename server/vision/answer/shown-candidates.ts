import type { AnswerSettings } from '../identify-settings.ts';

/**
 * What a photo is answered with: the printings of every artwork it likely shows (the artwork scores
 * at least `scoreThreshold`), best first, `maxCandidates` at most; none when no artwork does. A printing may score
 * under the threshold itself when the photo cannot tell it from its siblings (a reprint's number
 * under glare): it is still shown, for the collector to pick the one in hand.
 */
export function shownCandidates<T extends { artworkScore: number }>(ranked: T[], { scoreThreshold, maxCandidates }: AnswerSettings): T[] {
  return ranked.filter((candidate) => candidate.artworkScore >= scoreThreshold.value).slice(0, maxCandidates.value);
}

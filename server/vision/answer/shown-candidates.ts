import { identifySettings } from '../identify-settings.ts';
import { scoreThreshold } from './match-score.ts';

/**
 * What a photo is answered with: the printings of every artwork it likely shows (the artwork scores
 * at least the threshold), best first, ten at most; none when no artwork does. A printing may score
 * under the threshold itself when the photo cannot tell it from its siblings (a reprint's number
 * under glare): it is still shown, for the collector to pick the one in hand.
 */
export function shownCandidates<T extends { artworkScore: number }>(ranked: T[]): T[] {
  return ranked.filter((candidate) => candidate.artworkScore >= scoreThreshold).slice(0, identifySettings.answer.maxCandidates.value);
}

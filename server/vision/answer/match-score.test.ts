import { describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import { similarity, type MatchEvidence } from '../verify/similarity.ts';
import { matchScore } from './match-score.ts';

const scoreThreshold = identifySettings.answer.scoreThreshold.value;

// What the alignment measured on two photos of the real-card kit (bench/identify/real-cards):
// a Supporter outside the catalogue lined up with the one Supporter of its layout in the catalogue
// (other artwork in the same frame, the same rule box and strip), and a catalogue card under glare
// and blur whose bottom strip is mostly lost.
const outsideInOneLayout: MatchEvidence = { whole: 0.503, art: 0.41, strip: 0.877, hashDistance: 0.273 };
const rightUnderGlare: MatchEvidence = { whole: 0.803, art: 0.858, strip: 0.131, hashDistance: 0.375 };

describe("the score of a photo's best candidate", () => {
  it('does not name a card outside the catalogue after the one catalogue card that shares its layout', () => {
    expect(matchScore(similarity(outsideInOneLayout, identifySettings.verify), 0.126)).toBeLessThan(scoreThreshold);
  });

  it('names the right card when its artwork agrees and its bottom strip is lost', () => {
    expect(matchScore(similarity(rightUnderGlare, identifySettings.verify), 0.247)).toBeGreaterThanOrEqual(scoreThreshold);
  });

  it('never scores a candidate lower for being more alike or further ahead of the other artworks', () => {
    const steps = [0.2, 0.4, 0.6, 0.8, 1];
    for (const lead of [0, 0.1, 0.3]) {
      const scores = steps.map((value) => matchScore(value, lead));
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
    }
    for (const value of [0.5, 0.7, 0.9]) {
      const scores = [0, 0.1, 0.2, 0.4].map((lead) => matchScore(value, lead));
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
    }
  });
});

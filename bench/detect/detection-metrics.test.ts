import { describe, expect, it } from 'vitest';
import { averagePrecision, matchImage, precisionRecall, type ScoredImage } from './detection-metrics.ts';

const card = (x: number, y: number) => ({ x, y, w: 70, h: 98 });
const found = (box: { x: number; y: number; w: number; h: number }, conf: number) => ({ ...box, conf });

const truths = [[card(10, 10)], [card(200, 40), card(40, 200)], [card(120, 120)], [card(5, 300)]];

describe('detection metrics at IoU 0.5', () => {
  it('gives precision, recall and AP of 1 to a detector that finds every card and nothing else', () => {
    const images: ScoredImage[] = truths.map((t) => ({ truths: t, detections: t.map((b, i) => found(b, 0.9 - i * 0.1)) }));
    expect(precisionRecall(images)).toMatchObject({ precision: 1, recall: 1, truePositives: 5, falsePositives: 0, falseNegatives: 0 });
    expect(averagePrecision(images).ap).toBeCloseTo(1, 10);
  });

  it('gives recall 0.5 to a detector that misses half the cards', () => {
    const images: ScoredImage[] = [
      { truths: [card(10, 10), card(200, 10)], detections: [found(card(12, 11), 0.8)] },
      { truths: [card(50, 50), card(300, 50)], detections: [found(card(300, 52), 0.7)] },
    ];
    const pr = precisionRecall(images);
    expect(pr.recall).toBe(0.5);
    expect(pr.precision).toBe(1);
    expect(averagePrecision(images).ap).toBeCloseTo(0.5, 10);
  });

  it('lowers precision, and AP when ranked above true boxes, for a box found on a card-free photo', () => {
    const perfect: ScoredImage[] = [{ truths: [card(10, 10)], detections: [found(card(10, 10), 0.6)] }];
    const withEmpty: ScoredImage[] = [...perfect, { truths: [], detections: [found(card(100, 100), 0.9)] }];
    const pr = precisionRecall(withEmpty);
    expect(pr.precision).toBe(0.5);
    expect(pr.recall).toBe(1);
    expect(pr.falsePositives).toBe(1);
    expect(averagePrecision(withEmpty).ap).toBeCloseTo(0.5, 10);
    // Ranked below every true box, the same false positive costs no AP.
    const lowRanked: ScoredImage[] = [...perfect, { truths: [], detections: [found(card(100, 100), 0.1)] }];
    expect(averagePrecision(lowRanked).ap).toBeCloseTo(1, 10);
  });

  it('counts a second box on the same card as a false positive, and a loose box (IoU < 0.5) as a miss', () => {
    const twice = matchImage({ truths: [card(0, 0)], detections: [found(card(0, 0), 0.9), found(card(2, 2), 0.8)] });
    expect(twice).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0 });
    const loose = matchImage({ truths: [card(0, 0)], detections: [found({ x: 0, y: 0, w: 140, h: 196 }, 0.9)] });
    expect(loose).toMatchObject({ truePositives: 0, falsePositives: 1, falseNegatives: 1 });
  });

  it('reports no precision without detections and no recall or AP without cards', () => {
    expect(precisionRecall([{ truths: [card(0, 0)], detections: [] }]).precision).toBeNaN();
    expect(precisionRecall([{ truths: [], detections: [] }]).recall).toBeNaN();
    expect(averagePrecision([{ truths: [], detections: [found(card(0, 0), 0.5)] }]).ap).toBeNaN();
  });
});

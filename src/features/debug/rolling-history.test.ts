import { describe, expect, test } from 'vitest';
import { pushHistory, sparklinePoints } from './rolling-history.ts';

describe('timing history', () => {
  test('keeps only the newest frames', () => {
    let history: number[] = [];
    for (let frame = 1; frame <= 65; frame += 1) history = pushHistory(history, frame);
    expect(history).toHaveLength(60);
    expect(history[0]).toBe(6);
    expect(history.at(-1)).toBe(65);
  });

  test('draws the slowest frame at the top and clips nothing below zero', () => {
    expect(sparklinePoints([0, 5, 10], 100, 20, 10)).toBe('0,20 50,10 100,0');
    expect(sparklinePoints([], 100, 20, 10)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import type { Detection } from '../../../engine/api.ts';
import { identifySettings } from '../identify-settings.ts';
import { cornerWindows } from './model-outlines.ts';

const photo = { width: 600, height: 800 };
const box = (conf: number, x = 100): Detection => ({ x, y: 100, w: 300, h: 420, conf, cls: 0 });
const wholePhoto = { x: 0, y: 0, w: 600, h: 800 };
const { cornerMinBoxScore } = identifySettings.locate;

describe('cornerWindows', () => {
  it('looks in a sure best box alone, and in the next box only when it is sure too', () => {
    const sure = cornerMinBoxScore.value + 0.1;
    expect(cornerWindows([box(sure), box(sure, 150)], identifySettings.locate, photo)).toHaveLength(2);
    expect(cornerWindows([box(sure), box(cornerMinBoxScore.value - 0.05, 150)], identifySettings.locate, photo)).toEqual([box(sure)]);
  });

  it('looks at the whole photo too when even the best box is weak', () => {
    const weak = box(cornerMinBoxScore.value - 0.05);
    expect(cornerWindows([weak], identifySettings.locate, photo)).toEqual([weak, wholePhoto]);
  });

  it('leaves the whole photo to the corner model when there is no box', () => {
    expect(cornerWindows([], identifySettings.locate, photo)).toEqual([]);
  });
});

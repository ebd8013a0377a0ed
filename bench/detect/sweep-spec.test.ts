import { describe, expect, it } from 'vitest';
import { parseSweep } from './sweep-spec.ts';

describe('--sweep', () => {
  it('expands start:stop:step with the stop included and no floating-point drift', () => {
    const { param, values } = parseSweep('conf=0.1:0.9:0.05');
    expect(param).toBe('conf');
    expect(values).toHaveLength(17);
    expect(values[3]).toBe(0.25);
    expect(values.at(-1)).toBe(0.9);
    expect(parseSweep('input-size=320:640:160').values).toEqual([320, 480, 640]);
    expect(parseSweep('iou=0.3,0.5').values).toEqual([0.3, 0.5]);
  });

  it('refuses unknown parameters, input sizes the engine refuses and thresholds outside 0..1', () => {
    expect(() => parseSweep('nms=0.1:0.2:0.1')).toThrow(/conf=, iou= or input-size=/);
    expect(() => parseSweep('input-size=320:400:40')).toThrow(/multiple of 32/);
    expect(() => parseSweep('conf=0.5:1.5:0.5')).toThrow(/0\.\.1/);
  });
});

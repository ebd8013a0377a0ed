import { validateInputSize } from '../../engine/preprocess/letterbox-geometry.ts';

export type SweepParam = 'conf' | 'iou' | 'input-size';

export interface Sweep {
  param: SweepParam;
  values: number[];
}

/** `conf=0.1:0.9:0.05` (start:stop:step, stop included), also `iou=` and `input-size=`; a single value or a comma list works too. */
export function parseSweep(spec: string): Sweep {
  const match = /^(conf|iou|input-size)=(.+)$/.exec(spec.trim());
  if (!match) throw new Error(`--sweep must be conf=, iou= or input-size= followed by start:stop:step, got "${spec}"`);
  const param = match[1] as SweepParam;
  const body = match[2]!;
  let values: number[];
  if (body.includes(':')) {
    const parts = body.split(':').map(Number);
    if (parts.length !== 3 || parts.some((v) => !Number.isFinite(v))) throw new Error(`--sweep ${param}: expected start:stop:step, got "${body}"`);
    const [start, stop, step] = parts as [number, number, number];
    if (!(step > 0) || stop < start) throw new Error(`--sweep ${param}: need step > 0 and stop >= start, got "${body}"`);
    const count = Math.floor((stop - start) / step + 1e-9) + 1;
    // Rounded so 0.1 + 3 * 0.05 prints and compares as 0.25.
    values = Array.from({ length: count }, (_, i) => Number((start + i * step).toFixed(6)));
  } else {
    values = body.split(',').map((v) => Number(v.trim()));
    if (values.some((v) => !Number.isFinite(v))) throw new Error(`--sweep ${param}: not a number in "${body}"`);
  }
  for (const value of values) {
    if (param === 'input-size') {
      const error = validateInputSize(value);
      if (error) throw new Error(`--sweep ${error}`);
    } else if (!(value >= 0 && value <= 1)) throw new Error(`--sweep ${param} values must be 0..1, got ${value}`);
  }
  return { param, values };
}

import type { Detection, RejectReason, Verdict } from '../api.ts';

/** Acceptance rules for the best detection in a scanner frame (spec section 5). */
export interface AcceptanceOptions {
  /** Confidence (0..1) at or above which the centre rule is waived. Default 0.6. */
  confidenceSplit: number;
  /** Box area as a fraction of the frame area that must be exceeded (strictly). Default 0.22. */
  minAreaFraction: number;
  /** Expected card width / height ratio. Default 0.716 (63 x 88 mm). */
  targetAspect: number;
  /** Largest allowed |w/h - targetAspect|, inclusive. Default 0.25. */
  aspectTolerance: number;
  /** Lowest allowed centre position as a fraction of the frame on each axis, inclusive. Default 0.1. */
  centreMin: number;
  /** Highest allowed centre position as a fraction of the frame on each axis, inclusive. Default 0.9. */
  centreMax: number;
}

export const DEFAULT_ACCEPTANCE: Readonly<AcceptanceOptions> = Object.freeze({
  confidenceSplit: 0.6,
  minAreaFraction: 0.22,
  targetAspect: 0.716,
  aspectTolerance: 0.25,
  centreMin: 0.1,
  centreMax: 0.9,
});

// Boundaries such as 0.716 - 0.25 are not exact in binary floating point; this keeps "inclusive" honest.
const EPSILON = 1e-9;

export function validateAcceptanceOptions(options: AcceptanceOptions): string[] {
  const errors: string[] = [];
  const unit = (name: keyof AcceptanceOptions) => {
    const value = options[name];
    if (!Number.isFinite(value) || value < 0 || value > 1) errors.push(`${name} must be a number from 0 to 1, got ${value}`);
  };
  unit('confidenceSplit');
  unit('minAreaFraction');
  unit('centreMin');
  unit('centreMax');
  if (!Number.isFinite(options.targetAspect) || options.targetAspect <= 0) errors.push(`targetAspect must be positive, got ${options.targetAspect}`);
  if (!Number.isFinite(options.aspectTolerance) || options.aspectTolerance < 0) errors.push(`aspectTolerance must be >= 0, got ${options.aspectTolerance}`);
  if (options.centreMin > options.centreMax) errors.push('centreMin must not exceed centreMax');
  return errors;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** Judges one detection on its own, ignoring whether it is the best one. */
export function judgeDetection(detection: Detection, frame: FrameSize, options: AcceptanceOptions = DEFAULT_ACCEPTANCE): Verdict {
  const reasons: RejectReason[] = [];
  const area = (detection.w * detection.h) / (frame.width * frame.height);
  if (!(area > options.minAreaFraction)) reasons.push('area');
  const aspect = detection.h > 0 ? detection.w / detection.h : Number.POSITIVE_INFINITY;
  if (!(Math.abs(aspect - options.targetAspect) <= options.aspectTolerance + EPSILON)) reasons.push('aspect');
  if (detection.conf < options.confidenceSplit) {
    const cx = (detection.x + detection.w / 2) / frame.width;
    const cy = (detection.y + detection.h / 2) / frame.height;
    const inside = (v: number) => v >= options.centreMin - EPSILON && v <= options.centreMax + EPSILON;
    if (!inside(cx) || !inside(cy)) reasons.push('centre');
  }
  return { accepted: reasons.length === 0, reasons };
}

export interface AcceptanceResult {
  accepted: boolean;
  /** Index of the highest-confidence detection, or -1 when there is none. */
  best: number;
  /** One verdict per detection; all but the best are rejected for 'confidence'. */
  verdicts: Verdict[];
}

/** Only the highest-confidence detection can be accepted; the others are reported as outranked. */
export function acceptBest(detections: readonly Detection[], frame: FrameSize, options: AcceptanceOptions = DEFAULT_ACCEPTANCE): AcceptanceResult {
  let best = -1;
  for (let i = 0; i < detections.length; i++) {
    if (best < 0 || detections[i]!.conf > detections[best]!.conf) best = i;
  }
  const verdicts = detections.map((detection, i): Verdict => {
    if (i === best) return judgeDetection(detection, frame, options);
    const own = judgeDetection(detection, frame, options);
    return { accepted: false, reasons: ['confidence', ...own.reasons] };
  });
  return { accepted: best >= 0 && verdicts[best]!.accepted, best, verdicts };
}

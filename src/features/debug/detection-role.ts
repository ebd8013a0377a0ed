import type { FrameResult } from '../../../engine/api.ts';

/** 'picked' = the acceptance rules took it; 'judged' = the rules looked at it and said no; 'rejected' = outranked. */
export type DetectionRole = 'picked' | 'judged' | 'rejected';

export function detectionRole(result: FrameResult, index: number): DetectionRole {
  if (index === result.best) return result.verdicts[index]?.accepted ? 'picked' : 'judged';
  return 'rejected';
}

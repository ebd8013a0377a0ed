import { appendFileSync, writeFileSync } from 'node:fs';
import type { RankedPrinting } from '../../server/vision/answer/artwork-scores.ts';

/**
 * Every photo's top answer and score, one JSON line each (`--answers <file>`), so two runs of the
 * bench can be compared photo by photo: a change meant to keep identification as it was must leave
 * this file the same.
 */
export interface AnswerLog {
  record(row: string, photo: string, ranked: RankedPrinting[]): void;
}

export function answerLog(file: string | undefined): AnswerLog {
  if (file === undefined) return { record: () => {} };
  writeFileSync(file, '');
  return {
    record(row, photo, ranked) {
      const top = ranked[0];
      appendFileSync(file, `${JSON.stringify({ row, photo, top: top?.printingId ?? null, score: top ? Number(top.score.toFixed(3)) : null })}\n`);
    },
  };
}

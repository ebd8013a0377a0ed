/** What the Node runner asks the benchmark page for, and what it gets back: plain data only. */
export const STAGES = ['letterbox', 'inference', 'postprocess', 'gating', 'total', 'overhead'] as const;
export type Stage = (typeof STAGES)[number];

export interface BenchRequest {
  modelUrl: string;
  inputSize: number;
  sourceWidth: number;
  sourceHeight: number;
  warmupFrames: number;
  frames: number;
}

export interface BenchReport {
  mode: 'model' | 'basic';
  reason: string | null;
  backend: string | null;
  /** One entry per measured frame, in ms, as timed inside the worker. */
  stages: Record<Stage, number[]>;
  /** detect() as the UI sees it: transfer, queueing, the pipeline and the reply, in ms. */
  roundTrip: number[];
  acceptedFrames: number;
}

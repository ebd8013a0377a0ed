import { planImport, type PlanOutcome, type PlanTask } from './plan-import.ts';

/** Piscina's task: one import file read and matched, off the event loop. */
export default function readImportFile(task: PlanTask): PlanOutcome {
  return planImport(task);
}

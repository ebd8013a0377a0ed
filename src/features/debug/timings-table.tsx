import { useIntl } from 'react-intl';
import type { StageTimings } from '../../../engine/api.ts';
import type { Message } from '../../i18n/define-messages.ts';
import { debugMessages as m } from './debug-messages.ts';

const stages: Array<[keyof StageTimings, Message]> = [
  ['letterbox', m.stageLetterbox],
  ['inference', m.stageInference],
  ['postprocess', m.stagePostprocess],
  ['gating', m.stageGating],
  ['fallback', m.stageFallback],
  ['total', m.stageTotal],
];

/** Per-stage durations of one frame, measured in the worker, and the input size it ran at (0: the basic detector). */
export function TimingsTable({ timings, inputSize }: { timings: StageTimings; inputSize: number }) {
  const intl = useIntl();
  return (
    <dl className="debug-timings">
      {inputSize > 0 && (
        <div className="debug-timing">
          <dt>{intl.formatMessage(m.inputSizeInUse)}</dt>
          <dd>{intl.formatMessage(m.inputSizeValue, { size: inputSize })}</dd>
        </div>
      )}
      {stages.map(([stage, label]) => (
        <div key={stage} className={stage === 'total' ? 'debug-timing debug-timing-total' : 'debug-timing'}>
          <dt>{intl.formatMessage(label)}</dt>
          <dd>{intl.formatMessage(m.milliseconds, { ms: intl.formatNumber(timings[stage], { maximumFractionDigits: 1, minimumFractionDigits: 1 }) })}</dd>
        </div>
      ))}
    </dl>
  );
}

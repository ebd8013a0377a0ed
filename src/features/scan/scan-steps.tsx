import { memo } from 'react';
import { useIntl } from 'react-intl';
import { scanMessages as m } from './scan-messages.ts';

const steps = [
  { title: m.stepPosition, text: m.stepPositionText },
  { title: m.stepDetect, text: m.stepDetectText },
  { title: m.stepResults, text: m.stepResultsText },
];

export const ScanSteps = memo(function ScanSteps() {
  const intl = useIntl();
  return (
    <ol className="scan-steps" aria-label={intl.formatMessage(m.stepsLabel)}>
      {steps.map((step) => (
        <li key={step.title.id}>
          <strong>{intl.formatMessage(step.title)}</strong>
          <span>{intl.formatMessage(step.text)}</span>
        </li>
      ))}
    </ol>
  );
});

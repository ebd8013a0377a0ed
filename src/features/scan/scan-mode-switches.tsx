import { memo } from 'react';
import { useIntl } from 'react-intl';
import { HintedSwitch } from '../../components/hinted-switch.tsx';
import { continuousMessages as cm } from './continuous/continuous-messages.ts';
import { pageMessages as pm } from './page/page-messages.ts';

export interface ScanModeSwitchesProps {
  pageMode: boolean;
  onPageMode: (on: boolean) => void;
  /** A photo is being identified: the mode cannot change under it. */
  processing: boolean;
  /** A scan session is on: it scans continuously, so there is no switch for it. */
  sessionOn: boolean;
  continuous: boolean;
  onContinuous: (on: boolean) => void;
}

/** Page mode and continuous scanning, each a switch with its hint. Rendered only when one of them changes, not as the scanner's phase does. */
export const ScanModeSwitches = memo(function ScanModeSwitches({ pageMode, onPageMode, processing, sessionOn, continuous, onContinuous }: ScanModeSwitchesProps) {
  const intl = useIntl();
  return (
    <>
      <HintedSwitch
        className="continuous-switch page-switch"
        hintClassName="continuous-hint"
        label={intl.formatMessage(pm.switchLabel)}
        hint={intl.formatMessage(pm.switchHint)}
        checked={pageMode}
        disabled={processing}
        onChange={onPageMode}
      />
      {pageMode ? null : sessionOn ? (
        <p className="muted continuous-hint">{intl.formatMessage(cm.sessionHint)}</p>
      ) : (
        <HintedSwitch
          className="continuous-switch"
          hintClassName="continuous-hint"
          label={intl.formatMessage(cm.switchLabel)}
          hint={intl.formatMessage(cm.switchHint)}
          checked={continuous}
          onChange={onContinuous}
        />
      )}
    </>
  );
});

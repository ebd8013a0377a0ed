import { useIntl } from 'react-intl';
import type { FrameResult, RejectReason } from '../../../engine/api.ts';
import type { Message } from '../../i18n/define-messages.ts';
import { debugMessages as m } from './debug-messages.ts';
import { DebugTable } from './debug-table.tsx';
import { detectionRole } from './detection-role.ts';

const reasonMessages: Record<RejectReason, Message> = {
  confidence: m.reasonConfidence,
  area: m.reasonArea,
  aspect: m.reasonAspect,
  centre: m.reasonCentre,
};

const roleMessages = { picked: m.detectionPicked, judged: m.detectionJudgedRejected, rejected: m.detectionRejected };

/** Every detection of one frame with the acceptance verdict and, for the others, why they were not picked. */
export function DetectionTable({ result, caption }: { result: FrameResult; caption: string }) {
  const intl = useIntl();
  if (result.detections.length === 0) {
    return <p className="debug-muted">{intl.formatMessage(m.detectionsNone)}</p>;
  }
  return (
    <DebugTable
      caption={caption}
      headers={[m.detectionIndex, m.detectionClass, m.detectionConfidence, m.detectionBox, m.detectionVerdict].map((message) => intl.formatMessage(message))}
    >
      {result.detections.map((detection, index) => {
        const role = detectionRole(result, index);
        const reasons = result.verdicts[index]?.reasons ?? [];
        const why = reasons.map((reason) => intl.formatMessage(reasonMessages[reason]));
        return (
          <tr key={index} className="debug-detection" data-role={role}>
            <td>{index + 1}</td>
            <td>{detection.cls}</td>
            <td>{intl.formatNumber(detection.conf, { style: 'percent', maximumFractionDigits: 1 })}</td>
            <td className="debug-box">{[detection.x, detection.y, detection.w, detection.h].map((v) => Math.round(v)).join(', ')}</td>
            <td>
              <span className={`debug-role debug-role-${role}`}>{intl.formatMessage(roleMessages[role])}</span>
              {why.length > 0 && <span className="debug-reasons"> {intl.formatList(why)}</span>}
            </td>
          </tr>
        );
      })}
    </DebugTable>
  );
}

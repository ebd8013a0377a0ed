import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Detection } from '../../../../engine/api.ts';
import { frameEventName } from '../../../lib/frame-event.ts';
import { pageMessages as m } from './page-messages.ts';

interface Seen {
  frame: { width: number; height: number };
  detections: Detection[];
}

/**
 * Page mode over the live camera: every card the engine finds in the view (up to its 20 detections
 * after NMS), outlined, and how many. The frames are of the whole view, so their pixels map onto it.
 */
export function DetectionsOverlay() {
  const intl = useIntl();
  const [seen, setSeen] = useState<Seen | null>(null);
  useEffect(() => {
    const onFrame = (event: Event) => {
      const { frame, detections } = (event as CustomEvent<Partial<Seen>>).detail;
      if (frame && detections) setSeen({ frame, detections });
    };
    window.addEventListener(frameEventName, onFrame);
    return () => window.removeEventListener(frameEventName, onFrame);
  }, []);
  const count = seen?.detections.length ?? 0;
  return (
    <>
      {seen && (
        <svg className="detections-overlay" viewBox={`0 0 ${seen.frame.width} ${seen.frame.height}`} preserveAspectRatio="none" aria-hidden="true">
          {seen.detections.map((box, index) => (
            <rect key={index} x={box.x} y={box.y} width={box.w} height={box.h} rx={4} vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
      )}
      <p className="page-count" role="status">
        {intl.formatMessage(m.overlayCount, { count })}
      </p>
    </>
  );
}

import { useIntl } from 'react-intl';
import type { ContinuousFlash as Flash } from './use-continuous-capture.ts';
import { continuousMessages as m } from './continuous-messages.ts';

/** Over the camera, for a moment: the card continuous scanning is identifying, or what it found. */
export function ContinuousFlash({ flash }: { flash: Flash | null }) {
  const intl = useIntl();
  if (flash === null) return null;
  const text =
    flash.kind === 'identifying' ? intl.formatMessage(m.identifying) : intl.formatMessage(flash.sure ? m.found : m.unsure, { name: flash.name });
  const tone = flash.kind === 'identifying' ? 'working' : flash.sure ? 'sure' : 'unsure';
  return (
    <p className={`continuous-flash ${tone}`} data-tone={tone}>
      {flash.kind === 'found' && flash.sure && <span aria-hidden="true">✓ </span>}
      {text}
    </p>
  );
}

import { useIntl } from 'react-intl';
import { scanMessages as m } from './scan-messages.ts';

const tips = [m.tipLight, m.tipFlat, m.tipFill, m.tipGlare, m.tipStill];

export function ScanTips() {
  const intl = useIntl();
  return (
    <aside className="tips-box" aria-labelledby="scan-tips-title">
      <h2 id="scan-tips-title">{intl.formatMessage(m.tipsTitle)}</h2>
      <ul>
        {tips.map((tip) => (
          <li key={tip.id}>{intl.formatMessage(tip)}</li>
        ))}
      </ul>
    </aside>
  );
}

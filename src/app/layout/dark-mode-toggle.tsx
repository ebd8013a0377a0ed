import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { darkModeAtom } from '../../state/dark-mode.ts';
import { layoutMessages } from './layout-messages.ts';

export function DarkModeToggle() {
  const intl = useIntl();
  const [dark, setDark] = useAtom(darkModeAtom);
  const label = intl.formatMessage(dark ? layoutMessages.lightMode : layoutMessages.darkMode);
  return (
    <button type="button" className="icon-button" aria-pressed={dark} aria-label={label} title={label} onClick={() => setDark(!dark)}>
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
    </button>
  );
}

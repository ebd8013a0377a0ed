import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { localeAtom, supportedLocales, toLocale } from '../../state/locale.ts';
import { layoutMessages } from './layout-messages.ts';

const localeNames = { en: 'English', fr: 'Français' } as const;

export function LanguageSwitch() {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  return (
    <label className="language-switch">
      <span className="visually-hidden">{intl.formatMessage(layoutMessages.language)}</span>
      <select value={locale} onChange={(event) => setLocale(toLocale(event.target.value) ?? locale)}>
        {supportedLocales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

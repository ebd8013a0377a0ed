import { useEffect, type ReactNode } from 'react';
import { Provider, useAtomValue, type createStore } from 'jotai';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../i18n/messages.ts';
import { applyDarkMode, darkModeAtom } from '../state/dark-mode.ts';
import { defaultLocale, localeAtom } from '../state/locale.ts';

function LocaleAndTheme({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const dark = useAtomValue(darkModeAtom);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => applyDarkMode(document.documentElement, dark), [dark]);
  return (
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messagesByLocale[locale]}>
      {children}
    </IntlProvider>
  );
}

export function AppProviders({ store, children }: { store: ReturnType<typeof createStore>; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LocaleAndTheme>{children}</LocaleAndTheme>
    </Provider>
  );
}

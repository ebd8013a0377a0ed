import type { ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from 'vitest-browser-react';
import { messagesByLocale } from '../i18n/messages.ts';
import { defaultLocale, type Locale } from '../state/locale.ts';
import '../styles.css';

export interface ScreenRoute {
  path: string;
  Component: ComponentType;
}

/**
 * Renders a feature's screens under a memory router at a path, with the app's texts and styles, so a
 * feature tests its screens without depending on the app shell.
 */
export async function renderScreen({ path, routes, locale = defaultLocale }: { path: string; routes: ScreenRoute[]; locale?: Locale }) {
  document.documentElement.lang = locale;
  const router = createMemoryRouter(
    routes.map(({ path: routePath, Component }) => ({ path: routePath, Component })),
    { initialEntries: [path] },
  );
  const screen = await render(
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messagesByLocale[locale]}>
      <main>
        <RouterProvider router={router} />
      </main>
    </IntlProvider>,
  );
  return { screen, router };
}

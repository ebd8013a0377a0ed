import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { createStore, Provider } from 'jotai';
import { IntlProvider, createIntl } from 'react-intl';
import { messagesByLocale } from '../../i18n/messages.ts';
import { ApiError } from '../../lib/api-error.ts';
import { authAtom, signedOut } from '../../state/auth.ts';
import { IdentifyReadiness } from './identify-readiness.tsx';
import type { IdentifyStatus } from './identify-status.ts';
import { scanFailureText } from './scan-failure-text.ts';

const learning: IdentifyStatus = { building: true, indexed: 412, total: 2174, failed: 0, ready: false, imagesUnavailable: false, autoIndex: true };
const unavailable: IdentifyStatus = { building: false, indexed: 0, total: 2174, failed: 12, ready: false, imagesUnavailable: true, autoIndex: true };
const ready: IdentifyStatus = { building: false, indexed: 2174, total: 2174, failed: 0, ready: true, imagesUnavailable: false, autoIndex: true };

async function show(status: IdentifyStatus, { locale = 'en', permissions = [] }: { locale?: 'en' | 'fr'; permissions?: string[] } = {}) {
  const store = createStore();
  store.set(authAtom, { ...signedOut, authenticated: permissions.length > 0, permissions });
  return render(
    <Provider store={store}>
      <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
        <IdentifyReadiness status={status} />
      </IntlProvider>
    </Provider>,
  );
}

beforeEach(() => page.viewport(390, 844));
afterEach(() => cleanup());

describe('the Scan screen says whether identification can answer', () => {
  test('while the server learns its cards', async () => {
    const screen = await show(learning);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Getting ready: 412 of 2,174 cards learned');
  });

  test('while the server learns its cards, in French', async () => {
    const screen = await show(learning, { locale: 'fr' });
    await expect.element(screen.getByRole('status')).toHaveTextContent(/Préparation : 412 cartes apprises sur 2\s174/);
  });

  test('when card images cannot be downloaded, without configuration talk for a collector', async () => {
    const screen = await show(unavailable);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Identification is unavailable: card images could not be downloaded');
    expect(screen.container.textContent).not.toContain('ASSETS_BASE_URL');
  });

  test('when card images cannot be downloaded, with what to configure for an administrator', async () => {
    const screen = await show(unavailable, { permissions: ['iam.debug.admin'] });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Set ASSETS_BASE_URL to a reachable mirror');
  });

  test('nothing once it is ready', async () => {
    const screen = await show(ready);
    expect(screen.container.textContent).toBe('');
  });
});

describe("the 'Scan failed' toast tells the truth", () => {
  const intl = createIntl({ locale: 'en', messages: messagesByLocale.en });

  test('the connection only when the request itself failed', async () => {
    expect(await scanFailureText(new ApiError('Failed to fetch', undefined, undefined), intl, async () => null)).toBe('Please try again. Check your connection.');
  });

  test("the server's state when it refused for lack of an index", async () => {
    const refused = new ApiError('Identification is getting ready', 503, {});
    expect(await scanFailureText(refused, intl, async () => learning)).toBe('Getting ready: 412 of 2,174 cards learned');
    expect(await scanFailureText(refused, intl, async () => unavailable)).toBe('Identification is unavailable: card images could not be downloaded');
  });

  test('the problem the server named, in the interface language', async () => {
    const french = createIntl({ locale: 'fr', messages: messagesByLocale.fr });
    const refused = new ApiError('The file is not an image: send a JPEG, PNG or WebP photo of the card', 415, { code: 'photo_not_an_image' });
    expect(await scanFailureText(refused, french, async () => ready)).toBe('Ce fichier n’est pas une image : envoyez une photo de la carte en JPEG, PNG ou WebP.');
  });

  test('a plain retry for any other answer', async () => {
    expect(await scanFailureText(new ApiError('Internal server error', 500, {}), intl, async () => ready)).toBe('The server could not identify this photo. Please try again.');
  });
});

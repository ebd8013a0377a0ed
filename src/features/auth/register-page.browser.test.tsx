import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import RegisterPage from './register-page.tsx';

setUpScreenTests();

const newAccount = (email: string) => ({ firstName: 'Claire', lastName: 'Martin', email, language: 'fr', timezone: '', darkmode: false });

async function registerInFrench(email: string) {
  await renderScreen({ path: '/register', locale: 'fr', routes: [{ path: '/register', Component: RegisterPage }] });
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
}

describe('registration failures, in the French interface', () => {
  test('an email already registered is said in French, not in the English the server wrote', async () => {
    const email = `deja-${crypto.randomUUID()}@example.org`;
    const first = await fetch('/v1/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(newAccount(email)) });
    expect(first.status).toBe(201);

    await registerInFrench(email);
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent("Échec de l'inscription");
    await expect.element(alert).toHaveTextContent('Un compte existe déjà avec cette adresse e-mail.');
    expect(alert.element().textContent).not.toContain('An account with this email already exists');
  });
});

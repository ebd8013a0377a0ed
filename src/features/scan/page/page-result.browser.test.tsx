import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { ToastViewport } from '../../../components/toasts/toast-viewport.tsx';
import { messagesByLocale } from '../../../i18n/messages.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { setUpScreenTests } from '../../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../../test-support/signed-in-collector.ts';
import { seriousAxeViolations } from '../../../test-support/axe.ts';
import { ScanSide } from '../scan-side.tsx';
import type { PageCard, PageScan } from './page-scan.ts';

function candidate(printingId: string, cardName: string, score: number, variant = 'normal'): ScanCandidate {
  return {
    printingId,
    cardName,
    setName: 'Alpha Base',
    number: printingId.split('-')[2]!,
    variant,
    language: 'en',
    score,
    imageUrl: '/nothing/high.png',
    urls: { cardUrl: 'https://example.org/card', searchInSetUrl: 'https://example.org/set' },
    price: { EUR: { amount: 1.5, updated: '2026-11-01' }, USD: { amount: 1.75, updated: '2026-11-01' } },
  };
}

const at = (x: number, y: number): PageCard['quad'] => [
  [x, y],
  [x + 180, y],
  [x + 180, y + 250],
  [x, y + 250],
];

/** A binder page of three: a sure Pikachu, a sure Raichu, and a card the server was not sure of. */
const threeCards: PageCard[] = [
  { quad: at(10, 10), candidates: [candidate('en-alpha-1-normal', 'Pikachu', 97.2), candidate('en-alpha-1-reverse', 'Pikachu', 2.1, 'reverse')] },
  { quad: at(210, 10), candidates: [candidate('en-alpha-2-holo', 'Raichu', 95, 'holo')] },
  { quad: at(410, 10), candidates: [candidate('en-alpha-10-normal', "Professor's Research", 61.4), candidate('en-beta-001-normal', 'Pikachu (Promo), Gold', 40)] },
];

/** A grey photo of the page's size: what the camera sent. */
async function photoOf(cards: PageCard[]): Promise<PageScan> {
  const canvas = new OffscreenCanvas(600, 800);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#777';
  context.fillRect(0, 0, 600, 800);
  return { photoUrl: URL.createObjectURL(await canvas.convertToBlob()), width: 600, height: 800, cards };
}

async function showPage(cards: PageCard[], locale: 'en' | 'fr' = 'en') {
  const scan = await photoOf(cards);
  return render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <ScanSide result={null} page={scan} />
      <ToastViewport />
    </IntlProvider>,
  );
}

setUpScreenTests();
afterEach(() => signOutCollector());

const result = () => page.getByRole('region', { name: 'Cards on this page' });
const row = (name: string) => result().getByRole('listitem').filter({ has: page.getByRole('button', { name }) });

describe('page result', () => {
  test('the photo shows every card outlined and named; the list names them with their price, the unsure one marked', async () => {
    signOutCollector();
    await showPage(threeCards);
    await expect.element(result().getByText('3 cards found, 1 to check')).toBeVisible();
    const figure = result().getByRole('figure', { name: 'The photo, each card outlined' });
    await expect.element(figure).toBeVisible();
    expect(figure.element().querySelectorAll('polygon')).toHaveLength(3);
    expect(figure.element().querySelector('polygon')!.getAttribute('points')).toBe('10,10 190,10 190,260 10,260');
    expect([...figure.element().querySelectorAll('.page-label')].map((label) => label.textContent)).toEqual(['1. Pikachu', '2. Raichu', "3. Professor's Research ?"]);
    expect(figure.element().querySelectorAll('polygon.unsure')).toHaveLength(1);

    await expect.element(row('Card 1: Pikachu')).toHaveTextContent('$1.75');
    expect(row('Card 1: Pikachu').getByText('To check').elements()).toHaveLength(0);
    await expect.element(row("Card 3: Professor's Research").getByText('To check')).toBeVisible();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  test('tapping a card shows its alternatives; choosing one corrects it and makes it sure', async () => {
    signOutCollector();
    await showPage(threeCards);
    await result().getByRole('button', { name: "Card 3: Professor's Research" }).click();
    const alternatives = result().getByRole('region', { name: 'Which card is number 3?' });
    await expect.element(alternatives).toBeVisible();
    document.documentElement.className = 'dark';
    expect(await seriousAxeViolations()).toEqual([]);
    await alternatives.getByRole('button', { name: 'This one: card 3 is Pikachu (Promo), Gold, Alpha Base #001' }).click();

    await expect.element(result().getByRole('button', { name: 'Card 3: Pikachu (Promo), Gold' })).toBeVisible();
    await expect.element(row('Card 3: Pikachu (Promo), Gold').getByText('Chosen by you')).toBeVisible();
    expect(row('Card 3: Pikachu (Promo), Gold').getByText('To check').elements()).toHaveLength(0);
    await expect.element(result().getByText('3 cards found, all sure')).toBeVisible();
  });

  test('a tap on the card in the photo opens the same alternatives', async () => {
    signOutCollector();
    await showPage(threeCards);
    await page.elementLocator(document.querySelector('.page-label[data-card="2"]')!).click();
    await expect.element(result().getByRole('region', { name: 'Which card is number 2?' })).toBeVisible();
  });

  test('Add all adds the sure cards only, in one step, and Undo takes them all back', async () => {
    const collector = signInCollector(19);
    await showPage(threeCards);
    await result().getByRole('button', { name: 'Add all 2 sure cards' }).click();
    await expect.element(result().getByText('2 cards added to your collection')).toBeVisible();
    expect(await collector.entries()).toEqual([
      { printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 1 },
      { printingId: 'en-alpha-2-holo', condition: 'near_mint', quantity: 1 },
    ]);
    await expect.element(page.getByRole('region', { name: 'Cards added in this session' }).getByText('2 cards added in this session')).toBeVisible();
    await expect.element(row('Card 1: Pikachu').getByText('You have 1')).toBeVisible();

    await result().getByRole('button', { name: 'Undo' }).click();
    await expect.element(page.getByText('2 cards taken back')).toBeVisible();
    expect(await collector.entries()).toEqual([]);
    await expect.element(result().getByRole('button', { name: 'Add all 2 sure cards' })).toBeVisible();
  });

  test('two copies of one printing on a page add two copies, and Undo takes both back', async () => {
    const collector = signInCollector(20);
    await showPage([threeCards[0]!, { ...threeCards[0]!, quad: at(210, 300) }]);
    await result().getByRole('button', { name: 'Add all 2 sure cards' }).click();
    await expect.element(result().getByText('2 cards added to your collection')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 2 }]);
    await result().getByRole('button', { name: 'Undo' }).click();
    await expect.element(page.getByText('2 cards taken back')).toBeVisible();
    expect(await collector.entries()).toEqual([]);
  });

  test('the copies owned show beside each card; a visitor sees none and is offered sign-in', async () => {
    const collector = signInCollector(21);
    await collector.add('en-alpha-2-holo', { quantity: 2 });
    const screen = await showPage(threeCards);
    await expect.element(row('Card 2: Raichu').getByText('You have 2')).toBeVisible();
    expect(row('Card 1: Pikachu').getByText(/You have/).elements()).toHaveLength(0);
    await screen.unmount();

    signOutCollector();
    await showPage(threeCards);
    await expect.element(result().getByRole('button', { name: 'Sign in to add these cards to your collection' })).toBeVisible();
    expect(result().getByText(/You have/).elements()).toHaveLength(0);
  });

  test('no card on the photo says so', async () => {
    signOutCollector();
    await showPage([]);
    await expect.element(result().getByText('No card found on this photo')).toBeVisible();
    expect(result().getByRole('figure').elements()).toHaveLength(0);
    expect(result().getByRole('button', { name: /Add all/ }).elements()).toHaveLength(0);
  });

  test('in French: the page, the unsure mark, the copies owned and no card found', async () => {
    const collector = signInCollector(22);
    await collector.add('en-alpha-1-normal', { quantity: 2 });
    const screen = await showPage(threeCards, 'fr');
    const french = page.getByRole('region', { name: 'Cartes de cette page' });
    await expect.element(french.getByText('3 cartes trouvées, 1 à vérifier')).toBeVisible();
    await expect.element(french.getByText('À vérifier', { exact: true })).toBeVisible();
    await expect.element(french.getByText('Vous en avez 2')).toBeVisible();
    await expect.element(french.getByRole('button', { name: 'Ajouter les 2 cartes sûres' })).toBeVisible();
    await screen.unmount();
    await showPage([], 'fr');
    await expect.element(page.getByText('Aucune carte trouvée sur cette photo')).toBeVisible();
  });
});

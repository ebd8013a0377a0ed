import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../../i18n/messages.ts';
import { ResultsPanel } from './results-panel.tsx';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';

function candidate(index: number, score: number): ScanCandidate {
  return {
    printingId: `en-sv01-${index}-normal`,
    cardName: `Card ${index}`,
    setName: 'Scarlet & Violet',
    number: String(index),
    variant: 'normal',
    language: 'en',
    score,
    imageUrl: `/images/en/sv/sv01/${index}/high.png`,
    urls: { cardUrl: `https://www.cardmarket.com/en/Pokemon/Products/Search?searchString=Card+${index}`, searchInSetUrl: `https://www.cardmarket.com/en/Pokemon/Products/Singles/Scarlet-Violet?searchString=Card+${index}` },
  };
}

const candidates = (count: number) => Array.from({ length: count }, (_, i) => candidate(i + 1, 96.54 - i * 7));

async function show(list: ScanCandidate[], locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <ResultsPanel candidates={list} />
    </IntlProvider>,
  );
}

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
});
afterEach(() => cleanup());

const otherNames = () => [...document.querySelectorAll('.other-matches .candidate-name')].map((node) => node.textContent);

describe('scan results', () => {
  test('one candidate: shown large with every field, no other matches', async () => {
    const screen = await show(candidates(1));
    await expect.element(screen.getByRole('heading', { name: 'Scan Results' })).toBeVisible();
    const best = screen.getByRole('article');
    await expect.element(best.getByRole('heading', { name: 'Card 1' })).toBeVisible();
    await expect.element(best).toHaveTextContent('96.5% match');
    await expect.element(best).toHaveTextContent('Scarlet & Violet');
    await expect.element(best).toHaveTextContent('#1');
    await expect.element(best.getByText('Normal', { exact: true })).toBeVisible();
    await expect.element(best.getByText('EN', { exact: true })).toBeVisible();
    expect(screen.getByText('Other possible matches').elements()).toHaveLength(0);
  });

  test('a printing the card contradicts says so; the others say nothing', async () => {
    const screen = await show([{ ...candidate(1, 60), printingNotInCatalogue: true }, candidate(2, 55)]);
    const note = 'Same artwork, but your card looks like another printing that is not in the catalogue: check its number and set symbol before adding it.';
    await expect.element(screen.getByRole('article').first()).toHaveTextContent(note);
    expect(document.querySelectorAll('.candidate-printing-note')).toHaveLength(1);
  });

  test('in French too', async () => {
    const screen = await show([{ ...candidate(1, 60), printingNotInCatalogue: true }], 'fr');
    await expect.element(screen.getByText(/^Même illustration, mais votre carte ressemble à une autre impression/)).toBeVisible();
  });

  test('the image is shown as WebP where the address ends in high.png', async () => {
    const screen = await show(candidates(1));
    await expect.element(screen.getByRole('img', { name: 'Card 1' })).toHaveAttribute('src', '/images/en/sv/sv01/1/high.webp');
  });

  test('five candidates: the best and four other matches, nothing more to view', async () => {
    const screen = await show(candidates(5));
    await expect.element(screen.getByText('Other possible matches')).toBeVisible();
    expect(otherNames()).toEqual(['Card 2', 'Card 3', 'Card 4', 'Card 5']);
    expect(screen.getByRole('button', { name: /more results/ }).elements()).toHaveLength(0);
  });

  test('seven candidates: four other matches and a count of the two left', async () => {
    const screen = await show(candidates(7));
    expect(otherNames()).toEqual(['Card 2', 'Card 3', 'Card 4', 'Card 5']);
    await expect.element(screen.getByRole('button', { name: 'View 2 more results' })).toBeVisible();
  });

  test('no candidates: no match and advice to retry', async () => {
    const screen = await show([]);
    await expect.element(screen.getByText('No matching cards found')).toBeVisible();
    await expect.element(screen.getByText('Try again with better lighting or a different angle.')).toBeVisible();
    expect(screen.getByRole('article').elements()).toHaveLength(0);
  });

  test('each candidate has a menu of links that open in a new tab, 8 px below its button', async () => {
    const screen = await show(candidates(2));
    await screen.getByRole('button', { name: 'Links for Card 2' }).click();
    const cardmarket = screen.getByRole('link', { name: 'View this card (Cardmarket)' });
    await expect.element(cardmarket).toHaveAttribute('target', '_blank');
    await expect.element(cardmarket).toHaveAttribute('href', candidate(2, 0).urls.cardUrl);
    const inSet = screen.getByRole('link', { name: 'Search this card in set' });
    await expect.element(inSet).toHaveAttribute('target', '_blank');
    await expect.element(inSet).toHaveAttribute('href', candidate(2, 0).urls.searchInSetUrl);
    const button = screen.getByRole('button', { name: 'Links for Card 2' }).element().getBoundingClientRect();
    const menu = document.querySelector('.candidate-menu-list')!.getBoundingClientRect();
    expect(Math.round(menu.top - button.bottom)).toBe(8);
  });

  test('the score reads with one decimal in French too', async () => {
    const screen = await show([candidate(1, 87.26)], 'fr');
    await expect.element(screen.getByRole('heading', { name: 'Résultats du scan' })).toBeVisible();
    await expect.element(screen.getByRole('article')).toHaveTextContent(/87,3\s%/);
  });

  test('variant and language read as the catalogue names them, in French too', async () => {
    const screen = await show([{ ...candidate(1, 90), variant: 'reverse', language: 'fr' }], 'fr');
    const best = screen.getByRole('article');
    await expect.element(best.getByText('Reverse holo', { exact: true })).toBeVisible();
    await expect.element(best.getByText('FR', { exact: true })).toBeVisible();
    expect(best.getByText('Normale', { exact: true }).elements()).toHaveLength(0);
  });
});

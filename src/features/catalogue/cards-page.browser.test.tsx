import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { renderScreen } from '../../test-support/render-screen.tsx';
import CardsPage from './cards-page.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { seriousAxeViolations } from '../../test-support/axe.ts';

const renderCards = (path: string, locale?: 'en' | 'fr') => renderScreen({ path, locale, routes: [{ path: '/cards', Component: CardsPage }] });

const api = setUpScreenTests();

const tileNames = () => [...document.querySelectorAll('.card-tile-name')].map((name) => name.textContent);
const lastCards = () => api().last('/v1/cards')!.params;
const field = (name: string) => page.getByRole('searchbox', { name });
const language = () => page.getByRole('combobox', { name: 'Language' });
const sort = () => page.getByRole('combobox', { name: 'Sort' });

async function openCards(path = '/cards', locale: 'en' | 'fr' = 'en') {
  const rendered = await renderCards(path, locale);
  await expect.poll(() => document.querySelectorAll('.card-tile, .empty-state').length).toBeGreaterThan(0);
  return rendered;
}

describe('Cards', () => {
  test('asks for the first page of 24 sorted by name, and shows each card as a tile', async () => {
    await openCards();
    expect(Object.fromEntries(lastCards())).toEqual({ page: '0', size: '24', order_by: 'name', sort_by: 'asc' });
    await expect.poll(tileNames).toHaveLength(24);
    expect(tileNames().slice(0, 3)).toEqual(['Éclair', 'Gamma 01', 'Gamma 02']);

    await field('Card name').fill('pikachu');
    await expect.poll(tileNames).toEqual(['Pikachu', 'Pikachu', 'Pikachu', 'Pikachu', 'Pikachu (Promo), Gold']);
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pikachu (Promo), Gold' }) });
    await expect.element(tile).toHaveTextContent('HP 70');
    await expect.element(tile).toHaveTextContent('Beta (Promo), Series');
    await expect.element(tile).toHaveTextContent('#001');
    await expect.element(tile).toHaveTextContent('Promo');
    await expect.element(tile).toHaveTextContent('Normal');
    await expect.element(tile).toHaveTextContent('Lightning');
    await expect.element(tile).toHaveTextContent('EN');
    await expect.element(tile.getByRole('button', { name: 'Details' })).toBeVisible();
  });

  test('a card without HP has no HP badge, and an image that cannot load leaves a placeholder of the same size', async () => {
    await openCards('/cards?name=research');
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "Professor's Research" }) });
    await expect.element(tile).toBeVisible();
    expect(tile.element().querySelector('.hp-badge')).toBeNull();
    await expect.element(tile.getByText('No image')).toBeInTheDocument();
    const frame = tile.element().querySelector('.card-image-frame')!.getBoundingClientRect();
    expect(frame.height / frame.width).toBeCloseTo(342 / 245, 1);
  });

  test('each filter is sent in the filter language and narrows the cards', async () => {
    await openCards();

    await field('Card name').fill('  RAICHU ');
    await expect.poll(() => lastCards().get('name')).toBe('ci(contains("RAICHU"))');
    await expect.poll(tileNames).toEqual(['Raichu', 'Raichu']);
    await field('Card name').fill('');

    await field('Set name').fill('promo), ser');
    await expect.poll(() => lastCards().get('set.name')).toBe('ci(contains("promo), ser"))');
    await expect.poll(tileNames).toEqual(['Éclair', 'Pikachu (Promo), Gold']);
    await field('Set name').fill('');

    await field('Set code').fill('alp');
    await expect.poll(() => lastCards().get('set.code')).toBe('ci(eq("alp"))');
    await expect.poll(tileNames).toEqual(['Pikachu', 'Pikachu', 'Pikachu', 'Pikachu', "Professor's Research", 'Raichu', 'Raichu']);

    await userEvent.selectOptions(language(), 'fr');
    await expect.poll(() => lastCards().get('set.language')).toBe('eq("fr")');
    await expect.poll(tileNames).toEqual(['Pikachu', 'Pikachu', 'Raichu']);
    expect(lastCards().get('set.code')).toBe('ci(eq("alp"))');
    // The count is the phone's folded panel's; on a desktop the fields themselves are in view.
    expect(document.querySelector('.filter-count')?.textContent).toBe('22 active filters');

    await userEvent.selectOptions(language(), '');
    await expect.poll(() => lastCards().has('set.language')).toBe(false);
  });

  test('the language filter offers Any and the five catalogue languages', async () => {
    await openCards();
    const options = [...language().element().querySelectorAll('option')].map((option) => [option.value, option.textContent]);
    expect(options).toEqual([
      ['', 'Any'],
      ['en', 'EN English'],
      ['fr', 'FR Français'],
      ['de', 'DE Deutsch'],
      ['it', 'IT Italiano'],
      ['ja', 'JA 日本語'],
    ]);
  });

  test('each sort choice is sent as order_by and sort_by and orders the cards', async () => {
    await openCards('/cards?code=alp&lang=en');
    const sortOptions = [...sort().element().querySelectorAll('option')].map((option) => option.value);
    expect(sortOptions).toEqual(['name:asc', 'name:desc', 'hp:desc', 'hp:asc', 'set.name:asc', 'set.name:desc', 'localId:asc', 'localId:desc']);
    await expect.poll(tileNames).toEqual(['Pikachu', 'Pikachu', "Professor's Research", 'Raichu']);

    const expectations: [string, string[]][] = [
      ['name:desc', ['Raichu', "Professor's Research", 'Pikachu', 'Pikachu']],
      ['hp:desc', ['Raichu', 'Pikachu', 'Pikachu', "Professor's Research"]],
      ['hp:asc', ['Pikachu', 'Pikachu', 'Raichu', "Professor's Research"]],
      ['localId:desc', ["Professor's Research", 'Raichu', 'Pikachu', 'Pikachu']],
      ['localId:asc', ['Pikachu', 'Pikachu', 'Raichu', "Professor's Research"]],
    ];
    for (const [choice, names] of expectations) {
      await userEvent.selectOptions(sort(), choice);
      const [orderBy, sortBy] = choice.split(':');
      await expect.poll(() => [lastCards().get('order_by'), lastCards().get('sort_by')]).toEqual([orderBy, sortBy]);
      await expect.poll(tileNames).toEqual(names);
    }
  });

  test('sorting by set name orders the sets either way', async () => {
    await openCards('/cards?lang=en');
    await userEvent.selectOptions(sort(), 'set.name:desc');
    await expect.poll(() => lastCards().get('order_by')).toBe('set.name');
    await expect.poll(() => tileNames().slice(0, 2).sort()).toEqual(['Pikachu (Promo), Gold', 'Éclair'].sort());
    await userEvent.selectOptions(sort(), 'set.name:asc');
    await expect.poll(() => tileNames().at(-1)).not.toBe('Éclair');
    await expect.poll(() => tileNames().slice(0, 4).sort()).toEqual(['Pikachu', 'Pikachu', "Professor's Research", 'Raichu']);
  });

  test('the pager moves between pages, is disabled at the ends, and a filter change goes back to the first page', async () => {
    await openCards();
    const prev = page.getByRole('button', { name: 'Prev' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect.element(page.getByText('Page 1 / 2')).toBeVisible();
    await expect.element(prev).toBeDisabled();
    await expect.element(next).toBeEnabled();

    await next.click();
    await expect.poll(() => lastCards().get('page')).toBe('1');
    await expect.element(page.getByText('Page 2 / 2')).toBeVisible();
    await expect.poll(tileNames).toHaveLength(39 - 24);
    await expect.element(next).toBeDisabled();
    await expect.element(prev).toBeEnabled();

    await prev.click();
    await expect.poll(() => lastCards().get('page')).toBe('0');
    await next.click();
    await expect.poll(() => lastCards().get('page')).toBe('1');

    await userEvent.selectOptions(language(), 'it');
    await expect.poll(() => [lastCards().get('page'), lastCards().get('set.language')]).toEqual(['0', 'eq("it")']);
    await expect.element(page.getByText('Page 1 / 2')).toBeVisible();

    await field('Card name').fill('gamma 0');
    await expect.poll(tileNames).toHaveLength(9);
    expect(page.getByRole('navigation', { name: 'Pages' }).query()).toBeNull();
  });

  test('typing asks nothing for 300 ms after the last key, then asks once with the trimmed text', async () => {
    await openCards();
    await expect.poll(() => api().count('/v1/cards')).toBe(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await field('Card name').fill('Pik');
    vi.advanceTimersByTime(200);
    await field('Card name').fill('Pika ');
    vi.advanceTimersByTime(299);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(api().count('/v1/cards')).toBe(1);

    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await expect.poll(() => api().count('/v1/cards')).toBe(2);
    expect(lastCards().get('name')).toBe('ci(contains("Pika"))');
    expect(lastCards().get('page')).toBe('0');
  });

  test('six skeletons stand in while a page loads', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api().intercept((url) => held.then(() => fetch(url)));
    await renderCards('/cards');
    await expect.poll(() => document.querySelectorAll('[data-testid="skeleton-tile"]').length).toBe(6);
    api().intercept(undefined);
    release();
    await expect.poll(tileNames).toHaveLength(24);
    expect(document.querySelectorAll('[data-testid="skeleton-tile"]')).toHaveLength(0);
  });

  test('no match says so and suggests other filters', async () => {
    await openCards('/cards?name=zzz-nothing');
    await expect.element(page.getByText('No cards found')).toBeVisible();
    await expect.element(page.getByText('Try different filters.')).toBeVisible();
  });

  test('a failed load shows the reason and a Retry that loads the list', async () => {
    api().intercept(() => Promise.resolve(Response.json({ status: 503, error: 'Service Unavailable', code: 'service_unavailable', message: 'Catalogue is resting' }, { status: 503 })));
    await renderCards('/cards');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Could not load this list: The server is unavailable. Please try again later.');
    api().intercept(undefined);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(tileNames).toHaveLength(24);
  });

  test('filters, sort and page live in the address and survive a reload', async () => {
    const { router } = await openCards();
    await field('Set name').fill('alpha');
    await userEvent.selectOptions(sort(), 'hp:desc');
    await expect.poll(() => Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ set: 'alpha', sort: 'hp:desc' });
    await cleanup();

    await openCards('/cards?set=alpha&sort=hp%3Adesc');
    await expect.element(field('Set name')).toHaveValue('alpha');
    await expect.element(sort()).toHaveValue('hp:desc');
    expect(lastCards().get('set.name')).toBe('ci(contains("alpha"))');
    expect(lastCards().get('order_by')).toBe('hp');
  });

  test('has no serious or critical accessibility violations', async () => {
    await openCards();
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Details' }).first().click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('card detail sheet', () => {
  test('shows everything about the card, locks the page scroll, traps focus, and Escape closes it', async () => {
    await openCards('/cards?name=pikachu&lang=en&code=alp');
    const details = page.getByRole('button', { name: 'Details' }).first();
    await details.click();
    const sheet = page.getByRole('dialog', { name: 'Pikachu' });
    await expect.element(sheet).toBeVisible();
    for (const text of ['Alpha Base (ALP)', '#1', 'Common', 'Lightning', 'Mitsuhiro Arita', 'Thunder Shock', '20', 'Flip a coin.', 'Quick Attack', '10+']) {
      await expect.element(sheet).toHaveTextContent(text);
    }
    await expect.element(sheet).toHaveTextContent(/Variant(Normal|Reverse holo)/);
    expect(getComputedStyle(document.body).overflow).toBe('hidden');

    const close = sheet.getByRole('button', { name: 'Close' });
    await expect.element(close).toHaveFocus();
    await userEvent.tab();
    expect(sheet.element().contains(document.activeElement)).toBe(true);
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(sheet.element().contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await expect.element(sheet).not.toBeInTheDocument();
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
    await expect.element(details).toHaveFocus();
  });

  test('closes from the close button and from the backdrop', async () => {
    await openCards('/cards?name=raichu');
    await page.getByRole('button', { name: 'Details' }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.element(sheet).not.toBeInTheDocument();
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');

    await page.getByRole('button', { name: 'Details' }).first().click();
    await expect.element(sheet).toBeVisible();
    await userEvent.click(sheet, { position: { x: 20, y: -100 }, force: true });
    await expect.element(sheet).not.toBeInTheDocument();
  });
});

/** Words of the tile names that the layout broke across lines. */
function brokenWords(): string[] {
  const broken: string[] = [];
  for (const name of document.querySelectorAll('.card-tile-name')) {
    const text = name.firstChild!;
    for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}

describe('Cards on a phone', () => {
  test('names wrap between words, never inside one', async () => {
    // The smallest phones: a name beside its HP badge has little room.
    await page.viewport(320, 640);
    await openCards('/cards?name=pika');
    await expect.poll(tileNames).toContain('Pikachu');
    expect(brokenWords()).toEqual([]);
  });

  test('a page past the last shows the last page', async () => {
    const { router } = await openCards('/cards?page=999');
    await expect.element(page.getByText(/^Page (\d+) \/ \1$/)).toBeVisible();
    expect(router.state.location.search).not.toContain('999');
  });

  test('filters fold behind a button that counts the active ones', async () => {
    await page.viewport(414, 896);
    await openCards('/cards?lang=fr&name=pika');
    const toggle = page.getByRole('button', { name: /Filters/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(toggle).toHaveTextContent('2');
    await expect.element(page.getByRole('searchbox', { name: 'Card name', includeHidden: true })).not.toBeVisible();
    await toggle.click();
    await expect.element(field('Card name')).toBeVisible();
    await expect.element(field('Card name')).toHaveValue('pika');
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('Cards in French', () => {
  test('every text is French', async () => {
    await openCards('/cards', 'fr');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Cartes' })).toBeVisible();
    await expect.element(page.getByRole('searchbox', { name: 'Nom de la carte' })).toBeVisible();
    await expect.element(page.getByRole('searchbox', { name: 'Nom de l’extension' })).toBeVisible();
    await expect.element(page.getByRole('searchbox', { name: 'Code de l’extension' })).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: 'Langue' })).toHaveTextContent('Toutes');
    await expect.element(page.getByRole('combobox', { name: 'Tri' })).toHaveTextContent('PV décroissants');
    await expect.element(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Suivant' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Détails' }).first()).toBeVisible();
    await expect.element(page.getByText('PV 50').first()).toBeVisible();

    await page.getByRole('button', { name: 'Détails' }).first().click();
    await expect.element(page.getByRole('dialog')).toHaveTextContent('Rareté');
    await expect.element(page.getByRole('button', { name: 'Fermer' })).toBeVisible();
    await userEvent.keyboard('{Escape}');

    await page.getByRole('searchbox', { name: 'Nom de la carte' }).fill('zzz');
    await expect.element(page.getByText('Aucune carte trouvée')).toBeVisible();
    await expect.element(page.getByText('Essayez d’autres filtres.')).toBeVisible();
  });
});

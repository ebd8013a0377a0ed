const cardmarketLanguages = new Set(['en', 'fr', 'de', 'it', 'es']);

/** Cardmarket searches for a printing: the card by name, and the card by name within its set. */
export function cardmarketUrls(printing: { cardName: string; setName: string; language: string }): { cardUrl: string; searchInSetUrl: string } {
  const language = cardmarketLanguages.has(printing.language) ? printing.language : 'en';
  const search = (text: string) =>
    `https://www.cardmarket.com/${language}/Pokemon/Products/Search?searchString=${encodeURIComponent(text)}`;
  return { cardUrl: search(printing.cardName), searchInSetUrl: search(`${printing.cardName} ${printing.setName}`) };
}

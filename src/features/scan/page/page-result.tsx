import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { OwnedCount, useOwnedCounts } from '../../collection/index.ts';
import { PriceTag } from '../../../lib/price-tag.tsx';
import { variantName } from '../../../components/variant-name.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { shownAlternatives } from '../results-panel.tsx';
import { scanMessages } from '../scan-messages.ts';
import { PageAddAll } from './page-add-all.tsx';
import { PageAlternatives } from './page-alternatives.tsx';
import { pageCardViews } from './page-card-view.ts';
import { pageMessages as m } from './page-messages.ts';
import { PagePhoto } from './page-photo.tsx';
import type { PageScan } from './page-scan.ts';
import './page.css';

/**
 * The answer to a page photo: the photo with every card outlined and named, the list of the cards
 * with their price and the copies owned, the unsure ones marked; a tap on a card shows its
 * alternatives to correct it, and "Add all" adds the sure ones.
 */
export function PageResult({ page }: { page: PageScan }) {
  const intl = useIntl();
  const [picks, setPicks] = useState<ReadonlyMap<number, string>>(new Map());
  const [selected, setSelected] = useState<number | null>(null);
  const cards = useMemo(() => pageCardViews(page.cards, picks), [page.cards, picks]);
  const open = selected === null ? undefined : cards[selected - 1];
  const shown = [...cards.flatMap((card) => (card.choice ? [card.choice.printingId] : [])), ...(open?.candidates.slice(0, 1 + shownAlternatives).map((candidate) => candidate.printingId) ?? [])];
  const owned = useOwnedCounts(shown);
  const sure = cards.filter((card) => card.sure && card.choice).map((card) => card.choice as ScanCandidate);
  const select = (index: number) => setSelected((current) => (current === index ? null : index));
  const choose = (index: number, printingId: string) => setPicks((current) => new Map(current).set(index, printingId));

  return (
    <section className="results-panel page-result" aria-labelledby="page-results-title">
      <h2 id="page-results-title">{intl.formatMessage(m.title)}</h2>
      {cards.length === 0 ? (
        <div className="no-match" role="status">
          <p className="no-match-title">{intl.formatMessage(m.noCardsTitle)}</p>
          <p>{intl.formatMessage(m.noCardsAdvice)}</p>
        </div>
      ) : (
        <>
          <p className="page-summary" role="status">
            {intl.formatMessage(m.summary, { count: cards.length, unsure: cards.length - sure.length })}
          </p>
          <PagePhoto page={page} cards={cards} selected={selected} onSelect={select} />
          <PageAddAll sure={sure} />
          <ol className="page-cards">
            {cards.map((card) => (
              <li key={card.index} className={card.sure ? 'page-card sure' : 'page-card unsure'}>
                <button type="button" className="page-card-button" aria-expanded={selected === card.index} onClick={() => select(card.index)}>
                  <span className="page-card-index" aria-hidden="true">
                    {card.index}
                  </span>
                  <span className="page-card-text">
                    <strong className="page-card-name">{intl.formatMessage(m.cardLabel, { index: card.index, name: card.choice?.cardName ?? intl.formatMessage(m.noMatch) })}</strong>
                    {card.choice && (
                      <span className="muted page-card-facts">
                        {card.choice.setName} {intl.formatMessage(scanMessages.number, { number: card.choice.number })} · {variantName(intl, card.choice.variant)} · {card.choice.language.toUpperCase()}
                      </span>
                    )}
                  </span>
                  {!card.sure && <span className="page-card-mark unsure">{intl.formatMessage(m.toCheck)}</span>}
                  {card.corrected && <span className="page-card-mark corrected">{intl.formatMessage(m.corrected)}</span>}
                </button>
                {card.choice && (
                  <div className="page-card-extra">
                    <PriceTag price={card.choice.price} />
                    <OwnedCount count={owned?.get(card.choice.printingId)} />
                  </div>
                )}
                {open?.index === card.index && (
                  <PageAlternatives card={open} owned={owned} onChoose={(printingId) => choose(card.index, printingId)} onClose={() => setSelected(null)} />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { collectionMessages as m, conditionMessages } from '../collection-messages.ts';
import { ConditionOptions } from './condition-options.tsx';
import { variantName } from '../../../components/variant-name.ts';
import type { Card } from '../../../lib/catalogue-types.ts';
import { addToCollection, defaultCondition, maxQuantity, type AddedEntry, type Condition } from '../collection-api.ts';
import { cardByPrinting, siblingPrintings } from '../../../lib/printing-lookup.ts';
import { errorText } from '../../../lib/error-text.ts';
import { addToastAtom } from '../../../state/toasts.ts';
import './add-to-collection.css';

type Printings = { status: 'loading' } | { status: 'ready'; printings: Card[] } | { status: 'error'; error: unknown };

/**
 * Adds a printing to the signed-in collector's cards: it offers the card's other finishes in the same
 * language and a condition, starting from the printing shown, Near Mint and one copy, and confirms
 * with a toast.
 */
export function AddToCollectionSheet({ printingId, name, onClose, onAdded }: { printingId: string; name: string; onClose: () => void; onAdded?: (entry: AddedEntry) => void }) {
  const intl = useIntl();
  const addToast = useSetAtom(addToastAtom);
  const [printings, setPrintings] = useState<Printings>({ status: 'loading' });
  const [chosen, setChosen] = useState(printingId);
  const [condition, setCondition] = useState<Condition>(defaultCondition);
  const [quantityText, setQuantityText] = useState('1');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const finishName = useId();

  useEffect(() => {
    let current = true;
    (async () => {
      const card = await cardByPrinting(printingId);
      const found = card ? await siblingPrintings({ code: card.code, language: card.set.language }) : [];
      if (current) setPrintings({ status: 'ready', printings: found.length > 0 ? found : card ? [card] : [] });
    })().catch((error: unknown) => {
      if (current) setPrintings({ status: 'error', error });
    });
    return () => {
      current = false;
    };
  }, [printingId]);

  const quantity = Number(quantityText);
  const quantityValid = /^\d+$/.test(quantityText.trim()) && quantity >= 1 && quantity <= maxQuantity;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quantityValid || sending) return;
    setSending(true);
    setFailure(undefined);
    try {
      const entry = await addToCollection({ printingId: chosen, condition, quantity });
      addToast({
        type: 'success',
        title: intl.formatMessage(m.added),
        message: intl.formatMessage(m.addedText, {
          name: entry.card.name,
          finish: variantName(intl, entry.card.variant),
          condition: intl.formatMessage(conditionMessages[entry.condition]),
          quantity: entry.quantity,
        }),
      });
      onAdded?.(entry);
      onClose();
    } catch (error) {
      setFailure(intl.formatMessage(m.addFailed, { reason: errorText(intl, error) }));
      setSending(false);
    }
  };

  return (
    <BottomSheet title={intl.formatMessage(m.addTitle, { name })} onClose={onClose}>
      <form className="add-to-collection" onSubmit={(event) => void submit(event)}>
        <fieldset className="finish-choice">
          <legend className="field-label">{intl.formatMessage(m.finish)}</legend>
          {printings.status === 'loading' && <p className="muted">{intl.formatMessage(m.loadingPrintings)}</p>}
          {printings.status === 'error' && <p role="alert">{errorText(intl, printings.error)}</p>}
          {printings.status === 'ready' &&
            printings.printings.map((printing) => (
              <label key={printing.id} className="choice">
                <input type="radio" name={finishName} value={printing.id} checked={chosen === printing.id} onChange={() => setChosen(printing.id)} />
                <span>
                  {variantName(intl, printing.variant)} <span className="language-badge">{printing.set.language.toUpperCase()}</span>
                </span>
              </label>
            ))}
        </fieldset>
        <label className="field">
          <span className="field-label">{intl.formatMessage(m.condition)}</span>
          <select value={condition} onChange={(event) => setCondition(event.target.value as Condition)}>
            <ConditionOptions />
          </select>
        </label>
        <label className="field">
          <span className="field-label">{intl.formatMessage(m.quantity)}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            value={quantityText}
            aria-invalid={!quantityValid}
            onChange={(event) => setQuantityText(event.target.value)}
          />
        </label>
        {!quantityValid && <p className="field-error">{intl.formatMessage(m.quantityInvalid, { max: maxQuantity })}</p>}
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={!quantityValid || sending || printings.status !== 'ready'}>
          {sending ? intl.formatMessage(m.adding) : intl.formatMessage(m.confirm, { quantity: quantityValid ? quantity : 1 })}
        </button>
      </form>
    </BottomSheet>
  );
}

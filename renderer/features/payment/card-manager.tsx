/**
 * My cards: every saved card (expired ones marked), the current one first; add a card, renew
 * an expiry, make one current, remove one. Removing a card an auto-refill pays with asks which
 * card to use instead. Card numbers go to the payment call only; nothing here keeps them.
 */
import '../../components/native-select.css';
import './payment.css';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import type { CardData } from '../../../shared/contracts/payments';
import { messages } from '../../../shared/errors/messages';
import { cardInWords } from '../../../shared/payments/card-label';
import { ErrorAlert } from '../../components/error-alert';
import { CardFields } from './card-fields';
import { formatExpiryInput, parseExpiry } from './card-values';
import { useAllCards, useCardActions } from './cards-api';
import { useCardEntry } from './use-card-entry';

const pad = (n: number) => String(n).padStart(2, '0');

export function CardManager() {
  const cards = useAllCards();
  const actions = useCardActions();
  const [adding, setAdding] = useState(false);
  if (cards.isPending) return <p aria-busy="true">Loading your cards…</p>;
  if (cards.isError) return <ErrorAlert error={cards.error} />;
  const list = cards.data;
  return (
    <div className="card-manager">
      {list.length === 0 ? (
        <p role="status">You have no saved cards.</p>
      ) : (
        <ul className="saved-card-list" aria-label="Saved cards">
          {list.map((card) => (
            <SavedCardItem key={card.id} card={card} others={list} actions={actions} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddCardForm actions={actions} onDone={() => setAdding(false)} />
      ) : (
        <Button onClick={() => setAdding(true)}>ADD A CARD</Button>
      )}
    </div>
  );
}

function SavedCardItem(props: {
  card: CardData;
  others: readonly CardData[];
  actions: ReturnType<typeof useCardActions>;
}) {
  const { card, actions } = props;
  const [renewing, setRenewing] = useState(false);
  const [expiry, setExpiry] = useState(`${pad(card.expMonth)}/${String(card.expYear).slice(2)}`);
  const [replacementId, setReplacementId] = useState<string | undefined>();
  const [askReplacement, setAskReplacement] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const replacements = props.others.filter((c) => c.id !== card.id && !c.isExpired);
  const label = cardInWords(card);

  const remove = () => {
    setError(null);
    actions.remove.mutate(
      { cardId: card.id, ...(replacementId ? { replacementCardId: replacementId } : {}) },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 409) setAskReplacement(true);
          else setError(failure);
        },
      },
    );
  };
  const renew = () => {
    setError(null);
    const parsed = parseExpiry(expiry);
    if (!parsed) {
      setError(new Error(messages.cardExpiryInvalid));
      return;
    }
    actions.update.mutate(
      { cardId: card.id, ...parsed, holderName: card.holderName ?? null },
      { onSuccess: () => setRenewing(false), onError: setError },
    );
  };

  return (
    <li className="saved-card-list__item" aria-label={label}>
      <div className="saved-card-list__head">
        <strong>{label}</strong>
        <span>
          Expires {pad(card.expMonth)}/{card.expYear}
        </span>
        {card.isDefault ? <span className="status-tag">Current card</span> : null}
        {card.isExpired ? <span className="status-tag status-tag--expired">Expired</span> : null}
      </div>
      {error ? (
        error instanceof Error && !isApiError(error) ? (
          <ErrorAlert message={error.message} />
        ) : (
          <ErrorAlert error={error} />
        )
      ) : null}
      {askReplacement ? (
        <fieldset className="saved-card-list__replace">
          <legend className="visually-hidden">Card to use instead</legend>
          <Alert type="warning" showIcon title={messages.cardUsedByRefill} />
          {replacements.length === 0 ? (
            <p>Add another card first, then remove this one.</p>
          ) : (
            <>
              <label htmlFor={`replace-${card.id}`}>Use instead</label>
              <select
                id={`replace-${card.id}`}
                className="native-select"
                value={replacementId ?? ''}
                onChange={(event) => setReplacementId(event.target.value || undefined)}
              >
                <option value="">Choose a card</option>
                {replacements.map((c) => (
                  <option key={c.id} value={c.id}>
                    {cardInWords(c)}
                  </option>
                ))}
              </select>
              <Button
                danger
                disabled={!replacementId}
                loading={actions.remove.isPending}
                onClick={remove}
              >
                REMOVE AND USE THE OTHER CARD
              </Button>
            </>
          )}
        </fieldset>
      ) : null}
      {renewing ? (
        <div className="saved-card-list__renew">
          <label htmlFor={`expiry-${card.id}`}>New expiration date (MM/YY)</label>
          <input
            id={`expiry-${card.id}`}
            className="ant-input"
            inputMode="numeric"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiryInput(event.target.value))}
          />
          <Button type="primary" onClick={renew} loading={actions.update.isPending}>
            SAVE
          </Button>
          <Button onClick={() => setRenewing(false)}>Cancel</Button>
        </div>
      ) : (
        <div className="saved-card-list__actions">
          {!card.isDefault && !card.isExpired ? (
            <Button
              onClick={() => actions.makeCurrent.mutate(card.id, { onError: setError })}
              loading={actions.makeCurrent.isPending && actions.makeCurrent.variables === card.id}
            >
              MAKE CURRENT
            </Button>
          ) : null}
          <Button onClick={() => setRenewing(true)}>UPDATE EXPIRY</Button>
          {askReplacement ? null : (
            <Button danger onClick={remove} loading={actions.remove.isPending}>
              REMOVE
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function AddCardForm(props: { actions: ReturnType<typeof useCardActions>; onDone: () => void }) {
  const entry = useCardEntry('new-card');
  const { add } = props.actions;
  const save = async () => {
    add.reset();
    const card = await entry.collect();
    if (!card) return;
    add.mutate(card, {
      onSuccess: () => {
        entry.clear();
        props.onDone();
      },
      onError: (failure) => entry.showServerErrors(failure),
    });
  };
  return (
    <section className="add-card" aria-labelledby="add-card-title">
      <h3 id="add-card-title">Add a card</h3>
      <CardFields {...entry.fieldsProps} disabled={add.isPending} />
      {add.error && !(isApiError(add.error) && Object.keys(add.error.errors).length > 0) ? (
        <ErrorAlert error={add.error} />
      ) : null}
      <div className="saved-card-list__actions">
        <Button type="primary" onClick={save} loading={add.isPending}>
          SAVE CARD
        </Button>
        <Button onClick={props.onDone}>Cancel</Button>
      </div>
    </section>
  );
}

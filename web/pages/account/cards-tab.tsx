import { CardManager } from '../../../renderer/features/payment/card-manager';

/** My cards: saved cards, expired ones marked; add, renew, make current, remove. */
export function CardsTab() {
  return (
    <section aria-labelledby="cards-title" className="account-section">
      <h2 id="cards-title">Your cards</h2>
      <CardManager />
    </section>
  );
}

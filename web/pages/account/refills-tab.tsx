import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { RefillList } from '../../../renderer/features/auto-refill/refill-list';
import { RefillSettingsForm } from '../../../renderer/features/auto-refill/refill-settings-form';
import { refillState } from '../../../renderer/features/auto-refill/refill-status';
import {
  useRefillActions,
  useRefillEligibleOrders,
  useRefills,
} from '../../../renderer/features/auto-refill/use-refills';
import { useAllCards } from '../../../renderer/features/payment/cards-api';
import { useSavedAddresses } from '../../../renderer/features/shipping/saved-addresses-api';
import type { AutoRefillData } from '../../../shared/contracts/auto-refill';
import { cardInWords } from '../../../shared/payments/card-label';
import { Loadable } from '../loadable';

/**
 * Auto-refills (spec §1/§7): the refills with their next date, paused, resumed, turned off or
 * changed (how often, the address, the card); and the ordered products that can be refilled.
 */
export function RefillsTab({ identity }: { identity: string }) {
  const refills = useRefills(identity);
  const eligible = useRefillEligibleOrders(identity);
  const actions = useRefillActions(identity);
  const cards = useAllCards();
  const addresses = useSavedAddresses(identity);
  const [editing, setEditing] = useState<string | null>(null);
  const failure =
    actions.activate.error ??
    actions.deactivate.error ??
    actions.pause.error ??
    actions.updateShipSettings.error;

  const buttonsOf = (refill: AutoRefillData) => {
    const state = refillState(refill);
    if (state === 'stopped') return null;
    if (editing === refill.autoRefillId) {
      return (
        <RefillSettingsForm
          refill={refill}
          cards={(cards.data ?? [])
            .filter((card) => !card.isExpired)
            .map((card) => ({ id: card.id, label: cardInWords(card) }))}
          addresses={(addresses.data ?? []).map((a) => ({
            id: a.id,
            label: `${a.line1}, ${a.city}, ${a.state} ${a.zip}`,
          }))}
          saving={actions.updateShipSettings.isPending}
          onCancel={() => setEditing(null)}
          onSave={(settings) =>
            actions.updateShipSettings.mutate(
              { autoRefillId: refill.autoRefillId, ...settings },
              { onSuccess: () => setEditing(null) },
            )
          }
        />
      );
    }
    const id = refill.autoRefillId;
    return (
      <>
        <Button onClick={() => setEditing(id)}>CHANGE SETTINGS</Button>
        <Button
          onClick={() => actions.pause.mutate({ autoRefillId: id, paused: state === 'active' })}
          loading={actions.pause.isPending && actions.pause.variables?.autoRefillId === id}
        >
          {state === 'active' ? 'PAUSE' : 'RESUME'}
        </Button>
        <Popconfirm
          title="Turn off this auto-refill?"
          description="No more refills ship until you turn it on again."
          okText="TURN OFF"
          cancelText="Keep it"
          onConfirm={() => actions.deactivate.mutate(id)}
        >
          <Button danger>TURN OFF</Button>
        </Popconfirm>
      </>
    );
  };

  return (
    <>
      {failure ? <ErrorAlert error={failure} /> : null}
      <section aria-labelledby="refills-title" className="account-section">
        <h2 id="refills-title">Your auto-refills</h2>
        <Loadable query={refills} what="your auto-refills">
          <RefillList
            refills={refills.data ?? []}
            emptyText="You have no auto-refills yet."
            actionsOf={buttonsOf}
          />
        </Loadable>
      </section>
      <section aria-labelledby="eligible-title" className="account-section">
        <h2 id="eligible-title">Products you can refill</h2>
        <Loadable query={eligible} what="the products you can refill">
          {(eligible.data ?? []).length === 0 ? (
            <p role="status">Nothing else to refill: products you order that refill appear here.</p>
          ) : (
            <ul className="eligible-refills" aria-label="Products you can refill">
              {(eligible.data ?? []).map((line) => (
                <li key={`${line.orderId}-${line.productId}`} className="eligible-refills__item">
                  <span>
                    <strong>{line.displayName}</strong> × {line.qty}, every {line.intervalDays} days
                    (order {line.orderNumber})
                  </span>
                  <Button
                    type="primary"
                    onClick={() =>
                      actions.activate.mutate({ orderId: line.orderId, productId: line.productId })
                    }
                    loading={
                      actions.activate.isPending &&
                      actions.activate.variables?.productId === line.productId
                    }
                  >
                    TURN ON AUTO-REFILL
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Loadable>
      </section>
    </>
  );
}

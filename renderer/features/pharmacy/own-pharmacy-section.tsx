import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import type { StateData } from '../../../shared/contracts/catalog';
import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';
import { ErrorAlert } from '../../components/error-alert';
import { OwnPharmacyForm } from './own-pharmacy-form';

/**
 * "My pharmacy is not listed": opens a form for a pharmacy the patient enters by hand; the
 * state starts as the shipping address's. `states` is the caller's query of the state list (the
 * patient app reads it anonymously, the console as staff).
 */
export function OwnPharmacySection(props: {
  states: { data?: readonly StateData[] | undefined; error: unknown };
  shippingState: string | null;
  onSubmit: (pharmacy: NewPharmacyInput) => void;
  submitting: boolean;
  /** The button that opens the form; "My pharmacy is not listed" unless given. */
  openLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const { states } = props;
  if (!open) {
    return (
      <p className="own-pharmacy-open">
        <Button type="link" onClick={() => setOpen(true)}>
          {props.openLabel ?? 'My pharmacy is not listed'}
        </Button>
      </p>
    );
  }
  return (
    <Card className="own-pharmacy" size="small">
      <h2 className="card-title">Your pharmacy</h2>
      {states.error ? <ErrorAlert error={states.error} /> : null}
      {states.data ? (
        <OwnPharmacyForm
          states={states.data}
          initialValues={props.shippingState ? { state: props.shippingState } : undefined}
          onSubmit={props.onSubmit}
          submitting={props.submitting}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderData } from '../../../../shared/contracts/orders';
import type { PhoneOrderData } from '../../../../shared/contracts/phone-orders';
import { timeZoneOfState } from '../../../../shared/time/state-time-zones';
import { apiErrorText } from '../../../components/api-error-text';
import { formatPhone } from '../../../components/format';
import { PhoneOrderStepsBar } from '../../../features/phone-order/components/phone-order-steps-bar';
import { usePhoneOrder, usePhoneOrderCache } from '../../../features/phone-order/open-phone-order';
import {
  currentStep,
  nextStep,
  type PhoneOrderStepKey,
  phoneOrderSteps,
  phoneOrderStepTitles,
} from '../../../features/phone-order/phone-order-steps';
import { patientTimeZone } from '../../../features/scheduling/slot-time';
import { usePatientView } from '../../../features/staff-patients/patient-view';
import { CartStep } from './cart-step';
import { ConsultStep } from './consult-step';
import { DoctorStep } from './doctor-step';
import { PaymentStep } from './payment-step';
import { PharmacyStep } from './pharmacy-step';
import { type PhoneOrderContext, patientNameOf } from './phone-order-context';
import { type PlacedPhoneOrder, ReceiptStep } from './receipt-step';
import { ShippingStep } from './shipping-step';

/** Once placed: what the server answered, and the order as it was when it was placed. */
/** The phone order of one patient, step by step; the step shown lives in the address. */
export function PhoneOrderWizard({ patientId }: { patientId: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const patient = usePatientView(patientId);
  const [placed, setPlaced] = useState<PlacedPhoneOrder | null>(null);
  // Once placed, the order is not opened again (that would start a new cart at once).
  const orderQuery = usePhoneOrder(placed ? null : patientId);
  const cache = usePhoneOrderCache(patientId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const order = orderQuery.data ?? null;
  const steps = useMemo(
    () => phoneOrderSteps(placed?.order ?? order, placed !== null),
    [order, placed],
  );
  const step = currentStep(steps, params.get('step'), placed !== null);

  const goTo = useCallback(
    (next: PhoneOrderStepKey) => {
      if (next === 'patient') {
        void navigate('/phone-order');
        return;
      }
      setParams({ patientId, step: next });
    },
    [navigate, patientId, setParams],
  );

  // A new step takes the focus to its heading, so keyboard and screen-reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  if (patient.isError || orderQuery.isError) {
    return (
      <Flex vertical gap={16} align="flex-start">
        <Alert type="error" showIcon title={apiErrorText(patient.error ?? orderQuery.error)} />
        <Button onClick={() => navigate('/phone-order')}>Choose another patient</Button>
      </Flex>
    );
  }
  if (!patient.data || (!order && !placed)) return <Skeleton active paragraph={{ rows: 10 }} />;

  const shownOrder = placed?.order ?? (order as OrderData);
  const context: PhoneOrderContext = {
    patientId,
    patient: patient.data,
    order: shownOrder,
    setOrder: cache.update,
    refreshOrder: async () => (await orderQuery.refetch()).data,
    goNext: (from) => goTo(nextStep(phoneOrderSteps(orderQuery.data ?? null, false), from)),
    goTo,
    timeZone: timeZoneOfState(shownOrder.addresses.Shipping?.state, patientTimeZone()),
  };
  const onPlaced = (result: PhoneOrderData) => {
    setPlaced({ result, order: shownOrder });
    // The next phone order for this patient starts from a new cart.
    cache.forget();
    setParams({ patientId, step: 'receipt' });
  };

  return (
    <div className="phone-order">
      <Flex justify="space-between" align="baseline" gap={16} wrap>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          Phone order for {patientNameOf(patient.data)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {patient.data.profile.email}
          {patient.data.profile.phone ? ` · ${formatPhone(patient.data.profile.phone)}` : ''}
        </Typography.Text>
      </Flex>
      <PhoneOrderStepsBar steps={steps} current={step} onSelect={goTo} locked={placed !== null} />
      <h2 ref={headingRef} tabIndex={-1} className="phone-order-step-title">
        {phoneOrderStepTitles[step]}
      </h2>
      {stepView(step, context, placed, onPlaced)}
    </div>
  );
}

function stepView(
  step: PhoneOrderStepKey,
  context: PhoneOrderContext,
  placed: PlacedPhoneOrder | null,
  onPlaced: (result: PhoneOrderData) => void,
) {
  switch (step) {
    case 'patient':
    case 'cart':
      return <CartStep context={context} />;
    case 'consult':
      return <ConsultStep context={context} />;
    case 'shipping':
      return <ShippingStep context={context} />;
    case 'pharmacy':
      return <PharmacyStep context={context} />;
    case 'doctor':
      return <DoctorStep context={context} />;
    case 'payment':
      return <PaymentStep context={context} onPlaced={onPlaced} />;
    case 'receipt':
      return placed ? <ReceiptStep context={context} placed={placed} /> : null;
  }
}

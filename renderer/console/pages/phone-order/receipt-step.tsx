import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderData } from '../../../../shared/contracts/orders';
import type { PhoneOrderData } from '../../../../shared/contracts/phone-orders';
import { apiErrorText } from '../../../components/api-error-text';
import { OrderSummary } from '../../../features/checkout/order-summary';
import { PhoneOrderReceipt } from '../../../features/phone-order/components/phone-order-receipt';
import { receiptToPrint } from '../../../features/phone-order/receipt-lines';
import { useSendReceipt } from '../../../features/phone-order/send-receipt';
import { desktopBridge } from '../../app/desktop-bridge';
import { type PhoneOrderContext, patientNameOf } from './phone-order-context';

/** A phone order once placed: what PlaceOrder answered and the order as it now stands. */
export interface PlacedPhoneOrder {
  result: PhoneOrderData;
  order: OrderData;
}

type Feedback = { type: 'success' | 'error'; text: string } | null;

/**
 * The receipt: printed by the desktop app (its preload prints plain lines) or by the browser,
 * and sent to the patient again on request.
 */
export function ReceiptStep({
  context,
  placed,
}: {
  context: PhoneOrderContext;
  placed: PlacedPhoneOrder;
}) {
  const navigate = useNavigate();
  const send = useSendReceipt();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { result, order } = placed;
  const patientName = patientNameOf(context.patient);

  const print = async () => {
    const bridge = desktopBridge();
    if (!bridge || result.outcome !== 'paid') {
      window.print();
      return;
    }
    const printed = await bridge.printReceipt(
      receiptToPrint({ result, patientName, storefrontName: 'Storefront', order }),
    );
    setFeedback(printed.ok ? null : { type: 'error', text: printed.error });
  };

  return (
    <PhoneOrderReceipt
      result={result}
      patientName={patientName}
      summary={
        <OrderSummary
          items={order.items}
          totals={result.outcome === 'link-sent' ? result.totals : order.totals}
          couponCode={order.coupon?.code ?? null}
          title={result.outcome === 'paid' ? `Order ${result.orderNumber}` : 'Order summary'}
        />
      }
      onPrint={() => void print()}
      onSend={() => {
        setFeedback(null);
        send.mutate(result.orderId, {
          onSuccess: () =>
            setFeedback({
              type: 'success',
              text:
                result.outcome === 'paid' && result.receiptSentTo
                  ? `The receipt was sent to ${result.receiptSentTo}.`
                  : 'The receipt was sent.',
            }),
          onError: (error) => setFeedback({ type: 'error', text: apiErrorText(error) }),
        });
      }}
      sending={send.isPending}
      sendFeedback={feedback}
      onNewOrder={() => navigate('/phone-order')}
      onOpenPatient={() => navigate(`/patients/${context.patientId}`)}
    />
  );
}

import { Button, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { useOrderDetails } from '../../../renderer/features/checkout/use-order-details';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { routes } from '../../../shared/checkout/routes';
import { CheckoutFrame } from '../../checkout/checkout-page';

/** /checkout/patient-visit?orderId=: the visit's details (the call itself comes later). */
export default function PatientVisitPage() {
  const [params] = useSearchParams();
  const details = useOrderDetails(params.get('orderId'));
  const navigate = useNavigate();
  const timeZone = useMemo(patientTimeZone, []);
  const order = details.data;
  const visit = order?.items.find((item) => item.schedule)?.schedule ?? null;
  let body: React.ReactNode;
  if (!params.get('orderId'))
    body = <Result status="info" title="There is no visit to show here." />;
  else if (details.error) body = <ErrorAlert error={details.error} />;
  else if (!order) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else
    body = (
      <Result
        status="info"
        title={visit ? `Your visit: ${formatSlotTime(visit.startsAt, timeZone)}` : 'Your visit'}
        subTitle={order.doctor ? `With ${order.doctor.name}` : undefined}
        extra={
          <Button size="large" onClick={() => navigate(routes.myAccount)}>
            GO TO MY ACCOUNT
          </Button>
        }
      />
    );
  return <CheckoutFrame title="Visit details">{body}</CheckoutFrame>;
}

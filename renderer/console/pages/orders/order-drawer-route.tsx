import { Drawer, Result, Skeleton } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { apiErrorText } from '../../../components/api-error-text';
import { OrderActions } from '../../../features/staff-orders/order-actions';
import { useOrderDetail } from '../../../features/staff-orders/order-detail';
import { OrderDetailView } from '../../../features/staff-orders/order-detail-view';
import { mayOpen } from '../../app/role-nav';
import { useSignedInStaff } from '../../app/session-context';

/** `#/orders/:orderId`: the order in a drawer over the lookup; closing keeps the lookup. */
export default function OrderDrawerRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSignedInStaff();
  const detail = useOrderDetail(orderId);
  const close = () => navigate({ pathname: '/orders', search: location.search });
  const number = detail.data?.order.orderNumber;

  return (
    <Drawer
      open
      title={number ? `Order ${number}` : 'Order'}
      size={760}
      onClose={close}
      destroyOnHidden
    >
      {detail.isPending && <Skeleton active paragraph={{ rows: 12 }} />}
      {detail.isError && (
        <Result status="warning" title={apiErrorText(detail.error)} role="alert" />
      )}
      {detail.data && (
        <OrderDetailView
          detail={detail.data}
          actions={<OrderActions detail={detail.data} />}
          onOpenPatient={
            mayOpen(user.role, 'patients')
              ? (userId) => navigate(`/patients/${encodeURIComponent(userId)}`)
              : undefined
          }
        />
      )}
    </Drawer>
  );
}

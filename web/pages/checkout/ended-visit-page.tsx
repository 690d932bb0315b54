import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { routes } from '../../../shared/checkout/routes';
import { CheckoutFrame } from '../../checkout/checkout-page';

/** /checkout/ended-visit: after the call. */
export default function EndedVisitPage() {
  const navigate = useNavigate();
  return (
    <CheckoutFrame title="Your visit has ended">
      <Result
        status="success"
        title="Your visit has ended"
        subTitle="Thank you. Your doctor will update your order; we will email you what comes next."
        extra={
          <Button type="primary" size="large" onClick={() => navigate(routes.myAccount)}>
            GO TO MY ACCOUNT
          </Button>
        }
      />
    </CheckoutFrame>
  );
}

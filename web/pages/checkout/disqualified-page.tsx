import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { routes } from '../../../shared/checkout/routes';
import { messages } from '../../../shared/errors/messages';
import { CheckoutFrame } from '../../checkout/checkout-page';

/** /disqualified: the consult answers rule the treatment out. */
export default function DisqualifiedPage() {
  const navigate = useNavigate();
  return (
    <CheckoutFrame title="We're sorry">
      <Result
        status="warning"
        title={messages.orderDisqualified}
        subTitle={messages.contactSupport}
        extra={
          <Button type="primary" size="large" onClick={() => navigate(routes.home)}>
            BACK TO SHOP
          </Button>
        }
      />
    </CheckoutFrame>
  );
}

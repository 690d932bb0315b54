import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { RoutePath } from '../../shared/checkout/routes';
import { CheckoutPage } from './checkout-page';
import { pageAfterIntro } from './order-route';

export interface IntroPageProps {
  /** The intro page's own route (decides where its button leads). */
  route: RoutePath;
  title: string;
  children: ReactNode;
  buttonLabel: string;
}

/** A pre-page of spec §2: a short explanation and one button to the stage's page. */
export function IntroPage(props: IntroPageProps) {
  return (
    <CheckoutPage title={props.title}>
      {({ flow, displayPages, navigate }) => (
        <div className="intro-body">
          <div className="intro-text">{props.children}</div>
          <Button
            type="primary"
            size="large"
            className="primary-action"
            onClick={() => navigate(pageAfterIntro(props.route, flow, displayPages))}
          >
            {props.buttonLabel}
          </Button>
        </div>
      )}
    </CheckoutPage>
  );
}

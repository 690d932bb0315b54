/**
 * "Use our partner pharmacy": the storefront's own mail-order pharmacy fills the prescription
 * (shown when the storefront's PharmacyChoice setting lets the patient choose, and as the only
 * option otherwise).
 *
 * Props: `onAccept()`, `accepting`, `accepted` (the order already uses it), `onlyOption` (no
 * other pharmacy may be chosen). Presentational: no fetching, no router.
 */
import './pharmacy.css';
import { Button, Card } from 'antd';

export interface PartnerPharmacyOptionProps {
  onAccept: () => void;
  accepting?: boolean | undefined;
  accepted?: boolean | undefined;
  onlyOption?: boolean | undefined;
}

export function PartnerPharmacyOption(props: PartnerPharmacyOptionProps) {
  return (
    <Card className="partner-pharmacy" size="small">
      <h2 className="card-title">Use our partner pharmacy</h2>
      <p>
        {props.onlyOption
          ? 'Your prescription is filled by our partner pharmacy and shipped to your address.'
          : 'Our partner pharmacy fills your prescription and ships it to your door, at no extra cost.'}
      </p>
      <Button
        type={props.accepted ? 'default' : 'primary'}
        size="large"
        onClick={props.onAccept}
        loading={props.accepting}
      >
        {props.accepted ? 'CONTINUE WITH OUR PARTNER PHARMACY' : 'USE OUR PARTNER PHARMACY'}
      </Button>
    </Card>
  );
}

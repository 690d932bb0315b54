import { PartnerPharmacyOption } from '../../../renderer/features/pharmacy/partner-pharmacy-option';
import type { PharmacyStep } from './use-pharmacy-step';

/** The partner pharmacy's option on a pharmacy page, chosen through the page's step. */
export function StepPartnerOption({
  step,
  onlyOption = false,
}: {
  step: PharmacyStep;
  /** The storefront offers no other choice (no PharmacyChoice): the option says so. */
  onlyOption?: boolean;
}) {
  return (
    <PartnerPharmacyOption
      onAccept={step.choosePartner}
      accepting={step.choosing === 'partner'}
      accepted={step.current === 'partner'}
      onlyOption={onlyOption}
    />
  );
}

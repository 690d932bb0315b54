import { isApiError } from '../../../shared/api/api-error';
import { ErrorAlert } from '../../components/error-alert';
import { Notice } from '../../components/notice';

/**
 * Why a payment did not go through: a declined card (402) in the server's words, with the
 * reassurance that nothing was charged; any other failure as the app's error, unless its
 * fields already say it (a 400 shown on the card fields).
 */
export function PaymentFailure({ error }: { error: unknown }) {
  if (!error) return null;
  if (isApiError(error) && error.status === 402 && error.serverMessage) {
    return (
      <Notice
        tone="error"
        title={error.serverMessage}
        description="Your card was not charged. Please use another card."
        className="payment-declined"
      />
    );
  }
  if (isApiError(error) && Object.keys(error.errors).length > 0) return null;
  return <ErrorAlert error={error} />;
}

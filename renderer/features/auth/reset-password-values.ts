import { checkFields, required } from '../../../shared/validation/field-checks';
import { passwordCheck, resetTokenCheck } from '../../../shared/validation/password-checks';

/** The reset link's token and the new password as typed. */
export interface ResetPasswordDraft {
  token: string;
  password: string;
}

const resetPasswordChecks = {
  token: required(resetTokenCheck),
  password: required(passwordCheck),
};

/** The reset password form checked as its contract's schema (`resetPasswordForm`) checks it. */
export const checkResetPassword = (draft: ResetPasswordDraft) =>
  checkFields(resetPasswordChecks, draft);

/** Whether the link's token could be one (else the page asks for a new link at once). */
export const isResetTokenShaped = (token: string): boolean => resetPasswordChecks.token(token).ok;

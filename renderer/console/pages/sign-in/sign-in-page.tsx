import { Alert, Card, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { errorMessage, isValidationErrorKey } from '../../../../shared/validation/validate-form';
import { useApiClient } from '../../../app/api-context';
import { apiErrorText } from '../../../components/api-error-text';
import { useSignIn } from '../../../features/staff-auth/sign-in';
import { SignInForm } from '../../../features/staff-auth/sign-in-form';
import { signOutOnServer } from '../../../features/staff-auth/sign-out';
import { staffAuthMessages } from '../../../features/staff-auth/staff-auth-messages';
import { isStaffRole } from '../../../features/staff-auth/staff-roles';
import { consoleStorefrontId } from '../../app/console-config';
import { desktopBridge } from '../../app/desktop-bridge';
import { useStaffSessionStore } from '../../app/session-context';

const reasonMessages = {
  expired: staffAuthMessages.sessionEnded,
  idle: staffAuthMessages.signedOutIdle,
} as const;

/**
 * Staff sign-in (agents, ECPs, admins). A patient's correct password is refused here and the
 * token it earned is revoked at once, so no patient session is left open in the console.
 */
export default function SignInPage({ serverKnown }: { serverKnown: boolean }) {
  const client = useApiClient();
  const sessions = useStaffSessionStore();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [reason] = useState(() => sessions.reason());
  const desktop = desktopBridge() !== null;

  const submit = (values: { email: string; password: string }) => {
    setFormError(null);
    setFieldErrors({});
    signIn.mutate(
      { ...values, storefrontId: consoleStorefrontId },
      {
        onSuccess: async (token) => {
          if (!isStaffRole(token.role)) {
            await signOutOnServer(client, token.access_token);
            setFormError(staffAuthMessages.staffOnly);
            return;
          }
          sessions.signIn({
            token: token.access_token,
            user: {
              userId: token.userId,
              firstName: token.firstName,
              lastName: token.lastName,
              email: token.userName,
              role: token.role,
            },
          });
        },
        onError: (error) => {
          const fields: Record<string, string> = {};
          if (isApiError(error)) {
            for (const [field, key] of Object.entries(error.errors)) {
              if (!isValidationErrorKey(key)) continue;
              fields[field === 'username' ? 'email' : field] = errorMessage(key);
            }
          }
          setFieldErrors(fields);
          setFormError(Object.keys(fields).length > 0 ? null : apiErrorText(error));
        },
      },
    );
  };

  return (
    <main id="main" className="console-sign-in">
      <Card className="console-sign-in-card">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Storefront console
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Sign in with your staff account.
        </Typography.Paragraph>
        {reason && !formError && (
          <Alert type="info" showIcon title={reasonMessages[reason]} style={{ marginBottom: 16 }} />
        )}
        {!serverKnown && (
          <Alert
            type="warning"
            showIcon
            title={staffAuthMessages.noServer}
            style={{ marginBottom: 16 }}
          />
        )}
        <SignInForm
          submitting={signIn.isPending}
          formError={formError}
          serverFieldErrors={fieldErrors}
          onSubmit={submit}
        />
        {desktop && (
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            <Link to="/settings">Server settings</Link>
          </Typography.Paragraph>
        )}
      </Card>
    </main>
  );
}

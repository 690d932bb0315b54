import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { accountKeys } from '../../../renderer/features/account/account-keys';
import { useUserInfo } from '../../../renderer/features/account/use-user-info';
import { usePrescriber } from '../../../renderer/features/auth/invitation-api';
import { PrescriberCard } from '../../../renderer/features/auth/prescriber-card';
import { PasswordForm } from '../../../renderer/features/profile/password-form';
import {
  usePasswordLastUpdated,
  useSignOutOtherDevices,
  useUpdatePassword,
  useUpdateProfile,
} from '../../../renderer/features/profile/profile-api';
import { ProfileForm } from '../../../renderer/features/profile/profile-form';
import { useSessionStore } from '../../../renderer/features/session/session-context';
import { routes } from '../../../shared/checkout/routes';
import { Loadable } from '../loadable';

/**
 * Profile and security: name, phone and date of birth; the password (with when it last
 * changed); signing out of every other device; and the eye care professional who registered
 * the patient, if one did.
 */
export function ProfileTab({ identity }: { identity: string }) {
  const info = useUserInfo(identity);
  const lastUpdated = usePasswordLastUpdated(identity);
  const prescriber = usePrescriber(identity, null, null);
  const profile = useUpdateProfile(accountKeys.userInfo(identity));
  const password = useUpdatePassword();
  const others = useSignOutOtherDevices();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);

  return (
    <>
      <section aria-labelledby="profile-title" className="account-section">
        <h2 id="profile-title">Profile</h2>
        <Loadable query={info} what="your profile">
          {info.data ? (
            <ProfileForm
              info={info.data}
              pending={profile.isPending}
              error={profile.error ?? undefined}
              saved={saved && !profile.isPending}
              onSubmit={(changes) => {
                setSaved(false);
                profile.mutate(changes, { onSuccess: () => setSaved(true) });
              }}
            />
          ) : null}
        </Loadable>
      </section>
      <section aria-labelledby="password-title" className="account-section">
        <h2 id="password-title">Password</h2>
        <PasswordForm
          lastUpdated={lastUpdated.data?.passwordLastUpdated}
          pending={password.isPending}
          error={password.error ?? undefined}
          onSubmit={(input) =>
            password.mutate(input, {
              // Every session ended with the change, this one too: sign in with the new one.
              onSuccess: () => {
                store.signOut();
                queryClient.clear();
                store.openLogin({ redirectUrl: routes.myAccount });
              },
            })
          }
        />
      </section>
      <section aria-labelledby="devices-title" className="account-section">
        <h2 id="devices-title">Devices</h2>
        <p>Signed in on a phone or a computer you no longer use? End those sessions here.</p>
        <Button onClick={() => others.mutate()} loading={others.isPending}>
          SIGN OUT OF EVERY OTHER DEVICE
        </Button>
        {others.data ? (
          <p role="status" className="form-saved">
            {others.data.signedOut === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out of ${others.data.signedOut} other ${others.data.signedOut === 1 ? 'session' : 'sessions'}.`}
          </p>
        ) : null}
      </section>
      {prescriber.data ? <PrescriberCard prescriber={prescriber.data} /> : null}
    </>
  );
}

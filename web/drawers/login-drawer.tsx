import { Button, Drawer } from 'antd';
import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import type { LoginView } from '../../renderer/features/session/session-store';
import { routes } from '../../shared/checkout/routes';
import { useDrawerSize } from '../app/use-small-screen-drawer';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { JoinPanel } from './join-panel';
import { PasscodePanel } from './passcode-panel';
import { PasswordPanel } from './password-panel';

const titles: Record<LoginView, string> = {
  password: 'Sign in',
  passcode: 'Sign in with a passcode',
  forgot: 'Reset your password',
  join: 'Join the movement',
};

/**
 * The login drawer (spec §2, §4): email and password, a one-time passcode by SMS or email,
 * password reset, "join the movement", and the way to registration. After a sign-in the
 * redirect URL kept in state is followed, or the checkout resumes.
 */
export default function LoginDrawer() {
  const session = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const size = useDrawerSize();
  const { open, view } = session.loginDrawer;

  const toRegistration = () => {
    // Registration keeps the checkout going when it was the checkout that asked for sign-in.
    const resume = session.continueCheckoutAfterSignIn;
    store.closeLogin();
    void navigate(resume ? `${routes.register}?continue=1` : routes.register);
  };

  const link = (label: string, to: LoginView) => (
    <Button type="link" onClick={() => store.setLoginView(to)}>
      {label}
    </Button>
  );

  return (
    <Drawer
      open={open}
      onClose={() => store.closeLogin()}
      title={titles[view]}
      placement="right"
      size={size}
      className="login-drawer"
    >
      {/* A new person (a sign-in, a sign-out) gets fresh forms: the drawer stays mounted while
          hidden, and the last sign-in's email, password and spinner must not come back. */}
      <Fragment key={session.identity}>
        {view === 'password' && <PasswordPanel />}
        {view === 'passcode' && <PasscodePanel />}
        {view === 'forgot' && <ForgotPasswordPanel />}
        {view === 'join' && <JoinPanel />}
      </Fragment>
      <nav className="login-drawer__links" aria-label="Other ways to sign in">
        {view === 'password' && link('Forgot your password?', 'forgot')}
        {view === 'password' && link('Sign in with a one-time passcode instead', 'passcode')}
        {view !== 'password' && link('Sign in with your email and password', 'password')}
        {view !== 'join' && link('Join the movement', 'join')}
        <Button type="link" onClick={toRegistration}>
          Don't have an account?
        </Button>
      </nav>
    </Drawer>
  );
}

import '../../renderer/components/button.css';
import { Link, useSearchParams } from 'react-router';
import { useUserInfo } from '../../renderer/features/account/use-user-info';
import { useSession } from '../../renderer/features/session/session-context';
import { useLogout } from '../../renderer/features/session/use-logout';
import { routes } from '../../shared/checkout/routes';
import { accountTabs } from './account/account-tabs';
import { SectionBoundary } from './account/section-boundary';
import { WelcomeBack } from './account/welcome-back';
import { SignInRequired } from './sign-in-required';

/**
 * My account (spec §2): orders, auto-refills, cards, addresses, profile and security, one
 * section each (account/account-tabs.ts), the open one in the address (`?tab=`).
 */
export default function MyAccountPage() {
  const session = useSession();
  if (!session.signedIn) return <SignInRequired title="My account" returnTo={routes.myAccount} />;
  return <Account identity={session.identity} firstName={session.firstName} />;
}

function Account({ identity, firstName }: { identity: string; firstName: string | null }) {
  const userInfo = useUserInfo(identity);
  const name = userInfo.data?.firstName ?? firstName;
  const logout = useLogout();
  const [params] = useSearchParams();
  const open = accountTabs.find((tab) => tab.key === params.get('tab')) ?? accountTabs[0];
  if (!open) return null;
  return (
    <div className="container-sub page">
      <div className="page-title-row">
        <h1>{name ? `Welcome back, ${name}` : 'My account'}</h1>
        <button
          type="button"
          className="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          LOG OUT
        </button>
      </div>
      <WelcomeBack identity={identity} />
      <nav className="account-nav" aria-label="My account">
        <ul>
          {accountTabs.map(({ key, label }) => (
            <li key={key}>
              <Link
                to={`?tab=${key}`}
                replace
                aria-current={key === open.key ? 'page' : undefined}
                className="account-nav__link"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-panel">
        <SectionBoundary key={open.key} what={open.label.toLowerCase()} usesAntd={open.usesAntd}>
          <open.Component identity={identity} />
        </SectionBoundary>
      </div>
    </div>
  );
}

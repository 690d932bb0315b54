import { Button, Layout, Menu, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useApiClient } from '../../app/api-context';
import { signOutOnServer } from '../../features/staff-auth/sign-out';
import { roleLabels } from '../../features/staff-auth/staff-roles';
import { desktopBridge } from './desktop-bridge';
import { IdleSignOut } from './idle-sign-out';
import { navFor, sectionPathOf } from './role-nav';
import { useSignedInStaff, useStaffSessionStore } from './session-context';

/**
 * The signed-in frame: a skip link, the role's menu, who is signed in with Sign out, and the
 * page. Pages fill the content area (tables scroll inside it, the frame never scrolls).
 */
export function ConsoleLayout({ lastServerContact }: { lastServerContact: () => number }) {
  const { user } = useSignedInStaff();
  const sessions = useStaffSessionStore();
  const client = useApiClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = [
    ...navFor(user.role),
    ...(desktopBridge() ? [{ path: '/settings', label: 'Settings' }] : []),
  ];
  const selected = sectionPathOf(pathname);

  const signOut = async () => {
    await signOutOnServer(client);
    sessions.signOut();
  };

  return (
    <Layout className="console-frame">
      <button type="button" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </button>
      <Layout.Sider width={180} theme="light" className="console-sider">
        <div className="console-brand">Storefront console</div>
        <nav aria-label="Console">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            onClick={({ key }) => navigate(key)}
            items={items.map((item) => ({
              key: item.path,
              label: (
                <Link to={item.path} tabIndex={-1}>
                  {item.label}
                </Link>
              ),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout className="console-body">
        <Layout.Header className="console-header">
          <span className="console-user">
            <Typography.Text strong>
              {user.firstName} {user.lastName}
            </Typography.Text>
            <Typography.Text type="secondary"> · {roleLabels[user.role]}</Typography.Text>
          </span>
          <Button onClick={signOut}>Sign out</Button>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} className="console-content">
          <Suspense fallback={<Spin className="console-page-spinner" />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <IdleSignOut lastServerContact={lastServerContact} />
    </Layout>
  );
}

/** A button, not a `#main` link: in a hash router that fragment would be read as a route. */
function skipToMain() {
  document.getElementById('main')?.focus();
}

import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../../app/api-context';
import { signOutOnServer } from '../../../features/staff-auth/sign-out';
import { desktopBridge } from '../../app/desktop-bridge';
import { useStaffSession, useStaffSessionStore } from '../../app/session-context';

/**
 * The desktop console's settings: the address of the storefront server. Saving a new address
 * signs out (the token belongs to the old server) and restarts the console on the new one.
 * Shown signed out too, since a wrong address makes signing in impossible.
 */
export default function SettingsPage() {
  const bridge = desktopBridge();
  const client = useApiClient();
  const session = useStaffSession();
  const sessions = useStaffSessionStore();
  const { message } = App.useApp();
  const [serverUrl, setServerUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!bridge) return;
    bridge
      .getSettings()
      .then((settings) => setServerUrl(settings.serverUrl))
      .catch(() => setError('The settings could not be read.'));
  }, [bridge]);

  const save = async () => {
    if (!bridge) return;
    setSaving(true);
    setError(null);
    try {
      // Signed out first: once the address is saved, main loads the new server's console at
      // once, and the old server's token must not outlive the switch.
      if (session) await signOutOnServer(client);
      sessions.signOut();
      const result = await bridge.setServerUrl(serverUrl.trim());
      if (!result.ok) {
        setError(result.error);
        return;
      }
      await message.success('Saved. The console restarts with the new server.', 1);
      window.location.reload();
    } catch {
      setError('The settings could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Settings
      </Typography.Title>
      {!bridge ? (
        <Alert
          type="info"
          showIcon
          title={`In a browser, the console uses the server it was opened from (${window.location.origin}).`}
        />
      ) : (
        <Form layout="vertical" onFinish={save} requiredMark={false}>
          <Form.Item
            label="Server address"
            htmlFor="server-url"
            validateStatus={error ? 'error' : undefined}
            help={
              error ??
              'The https address of the storefront server, e.g. https://storefront.example.com'
            }
          >
            <Input
              id="server-url"
              type="url"
              value={serverUrl}
              onChange={(event) => setServerUrl(event.target.value)}
              autoComplete="url"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </Form>
      )}
      {!session && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/">Back to sign-in</Link>
        </Typography.Paragraph>
      )}
    </Card>
  );
}

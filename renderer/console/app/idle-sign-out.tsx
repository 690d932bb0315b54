import { Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../app/api-context';
import { staffAuthMessages } from '../../features/staff-auth/staff-auth-messages';
import { validateToken } from '../../features/staff-auth/validate-token';
import { type IdlePhase, idlePhaseOf, secondsLeft } from './idle-timer';
import { useStaffSessionStore } from './session-context';

const activityEvents = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;
/** Input keeps the server's idle clock running too: it is pinged at most this often. */
const SERVER_PING_MS = 5 * 60_000;

/**
 * Signs the console out after 15 minutes without input (DESIGN §6), warning at 14. Once the
 * warning shows, only "Stay signed in" keeps the session (a stray mouse move does not). Input
 * also pings the server now and then, since its own 15-minute clock only hears API calls.
 */
export function IdleSignOut({ lastServerContact }: { lastServerContact: () => number }) {
  const client = useApiClient();
  const sessions = useStaffSessionStore();
  const lastInput = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>('active');
  const [now, setNow] = useState(() => Date.now());
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => {
    const onInput = () => {
      if (phaseRef.current !== 'active') return;
      lastInput.current = Date.now();
    };
    for (const name of activityEvents) {
      window.addEventListener(name, onInput, { passive: true, capture: true });
    }
    // A clock, not one long timeout: a laptop asleep for an hour must sign out on waking.
    const tick = window.setInterval(() => {
      const at = Date.now();
      const next = idlePhaseOf(at - lastInput.current);
      setPhase(next);
      if (next === 'warning') setNow(at);
      if (next === 'expired') {
        sessions.signOut('idle');
        return;
      }
      if (next === 'active' && at - lastInput.current < 60_000) {
        if (at - lastServerContact() > SERVER_PING_MS) void validateToken(client).catch(() => {});
      }
    }, 1000);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onInput, true);
      window.clearInterval(tick);
    };
  }, [client, sessions, lastServerContact]);

  const stay = () => {
    lastInput.current = Date.now();
    setPhase('active');
    void validateToken(client).catch(() => {});
  };

  const remaining = secondsLeft(now - lastInput.current);
  return (
    <Modal
      open={phase === 'warning'}
      title={staffAuthMessages.idleWarningTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={stay} autoFocus>
          {staffAuthMessages.staySignedIn}
        </Button>
      }
    >
      <Typography.Paragraph>{staffAuthMessages.idleWarning}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{remaining} seconds left.</Typography.Paragraph>
    </Modal>
  );
}

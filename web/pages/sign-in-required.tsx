import '../../renderer/components/button.css';
import { useEffect } from 'react';
import { useSessionStore } from '../../renderer/features/session/session-context';

/** A page for signed-in patients only: asks to sign in, then comes back here (spec §4 redirect). */
export function SignInRequired({ title, returnTo }: { title: string; returnTo: string }) {
  const store = useSessionStore();
  useEffect(() => {
    store.openLogin({ redirectUrl: returnTo });
  }, [store, returnTo]);
  return (
    <div className="container-narrow page">
      <h1>{title}</h1>
      <p>Please sign in to see this page.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => store.openLogin({ redirectUrl: returnTo })}
      >
        SIGN IN
      </button>
    </div>
  );
}

import { Link } from 'react-router';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { routes } from '../../shared/checkout/routes';
import { preloadAntdTheme } from './antd-boundary';
import { useStorefront } from './storefront-context';
import { useCartCount } from './use-cart-count';

/** Loads a drawer's code when the pointer or focus comes near its button, before the click. */
const preloadCart = () => void Promise.all([import('../drawers/cart-drawer'), preloadAntdTheme()]);
const preloadLogin = () =>
  void Promise.all([import('../drawers/login-drawer'), preloadAntdTheme()]);

/** The store's name, sign-in or my account, and the cart with its item count. */
export function SiteHeader() {
  const storefront = useStorefront();
  const session = useSession();
  const store = useSessionStore();
  const count = useCartCount();
  const cartLabel = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <header className="site-header">
      <div className="container-main site-header__inner">
        <Link to={routes.home} className="site-header__brand">
          {storefront.theme.storeFrontName}
        </Link>
        <nav aria-label="Account and cart" className="site-header__nav">
          {session.signedIn ? (
            <Link to={routes.myAccount} className="site-header__link">
              My account
            </Link>
          ) : (
            <button
              type="button"
              className="site-header__link site-header__sign-in"
              onClick={() => store.openLogin()}
              onPointerEnter={preloadLogin}
              onFocus={preloadLogin}
            >
              Sign in
            </button>
          )}
          <button
            type="button"
            className="site-header__cart"
            aria-label={cartLabel}
            onClick={() => store.setCartDrawerOpen(true)}
            onPointerEnter={preloadCart}
            onFocus={preloadCart}
            data-testid="cart-button"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
              <path
                fill="currentColor"
                d="M7 18c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2ZM1 2v2h2l3.6 7.6-1.35 2.45A2 2 0 0 0 7 17h12v-2H7.42a.25.25 0 0 1-.22-.37l.9-1.63h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2H1Zm16 16c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2Z"
              />
            </svg>
            <span className="site-header__cart-text">Cart</span>
            <span className="site-header__count" aria-hidden="true">
              {count}
            </span>
          </button>
        </nav>
      </div>
    </header>
  );
}

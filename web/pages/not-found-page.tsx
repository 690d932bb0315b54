import { AppLink } from '../../renderer/components/app-link';
import { routes } from '../../shared/checkout/routes';

/** Any address the app does not know. */
export default function NotFoundPage() {
  return (
    <div className="container-narrow page">
      <h1>Page not found</h1>
      <p>We could not find that page.</p>
      <AppLink href={routes.home}>Go to the home page</AppLink>
    </div>
  );
}

import { AppLink } from '../../renderer/components/app-link';
import { routes } from '../../shared/checkout/routes';
import type { ThemeConfig } from '../../shared/theme/theme-config';
import { useStorefront } from '../app/storefront-context';
import NotFoundPage from './not-found-page';

const defaults = {
  title: 'Giving back',
  body: 'For every order, we donate to community eye care: screenings and glasses for people who could not otherwise have them.',
};

function text(theme: ThemeConfig, key: 'donationsTitle' | 'donationsBody', fallback: string) {
  const value = theme.themeOverrides[key];
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/**
 * /donations, the donations summary page (spec §3 `enableDonationsSummaryPage`): what the
 * storefront gives with every order (themeOverrides donationsTitle, donationsBody). A
 * storefront without the flag has no such page.
 */
export default function DonationsPage() {
  const { theme } = useStorefront();
  if (!theme.flags.enableDonationsSummaryPage) return <NotFoundPage />;
  return (
    <div className="container-narrow page">
      <h1>{text(theme, 'donationsTitle', defaults.title)}</h1>
      <p className="page-lead">{text(theme, 'donationsBody', defaults.body)}</p>
      <AppLink href={routes.home}>Back to the shop</AppLink>
    </div>
  );
}

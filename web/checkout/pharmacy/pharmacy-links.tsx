import { Link } from 'react-router';
import { routes } from '../../../shared/checkout/routes';

/** The ways to find a pharmacy, each its own page of spec §2. */
export function PharmacyLinks({ here }: { here: string }) {
  const links = [
    { to: routes.pharmacyOptions, label: 'Pharmacy options' },
    { to: routes.pharmacySearch, label: 'Search by zip code or name' },
    { to: routes.pharmacyMap, label: 'Pharmacies on a map' },
  ].filter((link) => link.to !== here);
  return (
    <nav className="pharmacy-links" aria-label="Ways to find a pharmacy">
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

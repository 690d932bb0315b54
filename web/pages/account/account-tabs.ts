import { type ComponentType, lazy } from 'react';
import { OrdersTab } from './orders-tab';

type Tab = ComponentType<{ identity: string }>;

/**
 * A section kept out of the account page's chunk (DESIGN §7): fetched the first time it is
 * opened, so a first visit to the account downloads the orders section alone.
 */
function splitOff<Name extends string>(load: () => Promise<Record<Name, Tab>>, name: Name): Tab {
  return lazy<Tab>(async () => ({ default: (await load())[name] }));
}

/** The sections of /my-account, in the order shown; `?tab=` names the open one. */
export const accountTabs: readonly { key: string; label: string; Component: Tab }[] = [
  { key: 'orders', label: 'Orders', Component: OrdersTab },
  {
    key: 'visits',
    label: 'Visits',
    Component: splitOff(() => import('./visits-tab'), 'VisitsTab'),
  },
  {
    key: 'medications',
    label: 'Medications',
    Component: splitOff(() => import('./medications-tab'), 'MedicationsTab'),
  },
  { key: 'labs', label: 'Labs', Component: splitOff(() => import('./labs-tab'), 'LabsTab') },
  {
    key: 'documents',
    label: 'Documents',
    Component: splitOff(() => import('./documents-tab'), 'DocumentsTab'),
  },
  {
    key: 'auto-refills',
    label: 'Auto-refills',
    Component: splitOff(() => import('./refills-tab'), 'RefillsTab'),
  },
  { key: 'cards', label: 'Cards', Component: splitOff(() => import('./cards-tab'), 'CardsTab') },
  {
    key: 'addresses',
    label: 'Addresses',
    Component: splitOff(() => import('./addresses-tab'), 'AddressesTab'),
  },
  {
    key: 'profile',
    label: 'Profile and security',
    Component: splitOff(() => import('./profile-tab'), 'ProfileTab'),
  },
];

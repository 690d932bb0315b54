import { type ComponentType, lazy } from 'react';
import { OrdersTab } from './orders-tab';

type Tab = ComponentType<{ identity: string }>;
type OtherSections = typeof import('./other-sections');

/**
 * A section kept out of the account page's chunk (DESIGN §7): the others' code is fetched the
 * first time one of them is opened, so a first visit to the account downloads the orders
 * section alone.
 */
function splitOff(name: keyof OtherSections): Tab {
  return lazy<Tab>(async () => ({ default: (await import('./other-sections'))[name] }));
}

/** The sections of /my-account, in the order shown; `?tab=` names the open one. */
export const accountTabs: readonly { key: string; label: string; Component: Tab }[] = [
  { key: 'orders', label: 'Orders', Component: OrdersTab },
  { key: 'visits', label: 'Visits', Component: splitOff('VisitsTab') },
  { key: 'medications', label: 'Medications', Component: splitOff('MedicationsTab') },
  { key: 'labs', label: 'Labs', Component: splitOff('LabsTab') },
  { key: 'documents', label: 'Documents', Component: splitOff('DocumentsTab') },
  { key: 'auto-refills', label: 'Auto-refills', Component: splitOff('RefillsTab') },
  { key: 'cards', label: 'Cards', Component: splitOff('CardsTab') },
  { key: 'addresses', label: 'Addresses', Component: splitOff('AddressesTab') },
  { key: 'profile', label: 'Profile and security', Component: splitOff('ProfileTab') },
];

import { type ComponentType, lazy } from 'react';
import { preloadAntdTheme } from '../../app/antd-boundary';
import { OrdersTab } from './orders-tab';

type Tab = ComponentType<{ identity: string }>;
type OtherSections = typeof import('./other-sections');

interface AccountTab {
  key: string;
  label: string;
  Component: Tab;
  /** The section is drawn with antd (in the storefront's antd theme); the orders are plain. */
  usesAntd: boolean;
}

/**
 * A section kept out of the account page's chunk (DESIGN §7): the others' code, and antd's
 * theme they are drawn in, are fetched the first time one of them is opened, so a first visit
 * to the account downloads the orders section alone, and no antd.
 */
function splitOff(key: string, label: string, name: keyof OtherSections): AccountTab {
  const Component = lazy<Tab>(async () => {
    const [sections] = await Promise.all([import('./other-sections'), preloadAntdTheme()]);
    return { default: sections[name] };
  });
  return { key, label, Component, usesAntd: true };
}

/** The sections of /my-account, in the order shown; `?tab=` names the open one. */
export const accountTabs: readonly AccountTab[] = [
  { key: 'orders', label: 'Orders', Component: OrdersTab, usesAntd: false },
  splitOff('visits', 'Visits', 'VisitsTab'),
  splitOff('medications', 'Medications', 'MedicationsTab'),
  splitOff('labs', 'Labs', 'LabsTab'),
  splitOff('documents', 'Documents', 'DocumentsTab'),
  splitOff('auto-refills', 'Auto-refills', 'RefillsTab'),
  splitOff('cards', 'Cards', 'CardsTab'),
  splitOff('addresses', 'Addresses', 'AddressesTab'),
  splitOff('profile', 'Profile and security', 'ProfileTab'),
];

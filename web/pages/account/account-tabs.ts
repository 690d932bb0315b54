import type { ComponentType } from 'react';
import { AddressesTab } from './addresses-tab';
import { CardsTab } from './cards-tab';
import { DocumentsTab } from './documents-tab';
import { LabsTab } from './labs-tab';
import { MedicationsTab } from './medications-tab';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';
import { RefillsTab } from './refills-tab';
import { VisitsTab } from './visits-tab';

/** The sections of /my-account, in the order shown; `?tab=` names the open one. */
export const accountTabs: readonly {
  key: string;
  label: string;
  Component: ComponentType<{ identity: string }>;
}[] = [
  { key: 'orders', label: 'Orders', Component: OrdersTab },
  { key: 'visits', label: 'Visits', Component: VisitsTab },
  { key: 'medications', label: 'Medications', Component: MedicationsTab },
  { key: 'labs', label: 'Labs', Component: LabsTab },
  { key: 'documents', label: 'Documents', Component: DocumentsTab },
  { key: 'auto-refills', label: 'Auto-refills', Component: RefillsTab },
  { key: 'cards', label: 'Cards', Component: CardsTab },
  { key: 'addresses', label: 'Addresses', Component: AddressesTab },
  { key: 'profile', label: 'Profile and security', Component: ProfileTab },
];

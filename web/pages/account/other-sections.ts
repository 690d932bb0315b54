// The account's sections but the orders one, fetched together the first time one of them is
// opened (account-tabs.ts): one chunk, so that the pages sharing their parts (the checkout's
// address and card forms) keep the chunks they had.
export { AddressesTab } from './addresses-tab';
export { CardsTab } from './cards-tab';
export { DocumentsTab } from './documents-tab';
export { LabsTab } from './labs-tab';
export { MedicationsTab } from './medications-tab';
export { ProfileTab } from './profile-tab';
export { RefillsTab } from './refills-tab';
export { VisitsTab } from './visits-tab';

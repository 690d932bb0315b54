import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { seedCatalog } from './seed-catalog';
import { seedDoctors } from './seed-doctors';
import { seedPharmacies } from './seed-pharmacies';
import { seedPromoCodes } from './seed-promo-codes';
import { seedQuestionnaires } from './seed-questionnaires';
import { seedShipping } from './seed-shipping';

/**
 * The seed step of each domain, run in this order at every start inside one transaction.
 * Each must be idempotent: insert only what is missing.
 */
export const domainSeeders: ((db: DbOrTx, config: AppConfig) => Promise<void>)[] = [
  seedCatalog,
  seedPromoCodes,
  seedDoctors,
  seedQuestionnaires,
  seedShipping,
  seedPharmacies,
];

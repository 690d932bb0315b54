/** react-query keys of the pharmacy feature: every input of a query is in its key. */
export const pharmacyKeys = {
  all: ['pharmacy'] as const,
  list: (search: string, zip: string | null) => [...pharmacyKeys.all, 'list', search, zip] as const,
  map: (buyer: 'patient' | 'guest', zip: string | null, radiusMiles: number) =>
    [...pharmacyKeys.all, 'map', buyer, zip, radiusMiles] as const,
};

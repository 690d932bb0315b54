import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { lookupUsZip } from '../../../server/lib/geo';
import { usZipCodes, usZipEntry } from '../../../server/lib/us-zip-codes';

describe('US zip codes read from the package data', () => {
  const theirs = Object.values(zipcodes.codes).filter((z) => z.country === 'US');

  it('holds every US entry of the zipcodes package, with the same fields, and no other', () => {
    const ours = usZipCodes();
    expect(ours).toHaveLength(theirs.length);
    for (const z of theirs) {
      expect(usZipEntry(z.zip)).toEqual({
        zip: z.zip,
        city: z.city,
        state: z.state,
        latitude: z.latitude,
        longitude: z.longitude,
      });
    }
  });

  it.each([
    ['10001', { zip: '10001', city: 'New York', state: 'NY' }],
    ['97301-1234', { zip: '97301', state: 'OR' }],
    [' 94103 ', { zip: '94103', state: 'CA' }],
  ])('finds %s on a map', (zip, expected) => {
    expect(lookupUsZip(zip)).toMatchObject(expected);
  });

  it.each([
    ['a Canadian postal code', 'K1A'],
    ['a military code without a place (0,0)', '09002'],
    ['no such zip', '00000'],
    ['not five digits', '1234'],
  ])('finds nothing for %s', (_, zip) => {
    expect(lookupUsZip(zip)).toBeNull();
  });
});

import { usZipEntry } from './us-zip-codes';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box that holds every point within `miles` of the centre: a cheap index-friendly pre-filter. */
export function boundingBox(centre: GeoPoint, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // Longitude degrees shrink towards the poles; clamp so the box stays finite.
  const cos = Math.max(0.01, Math.cos(toRadians(centre.latitude)));
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * cos);
  return {
    minLatitude: centre.latitude - dLat,
    maxLatitude: centre.latitude + dLat,
    minLongitude: centre.longitude - dLng,
    maxLongitude: centre.longitude + dLng,
  };
}

export interface UsZip extends GeoPoint {
  zip: string;
  city: string;
  state: string;
}

/** A real US zip code (5 digits, or the first 5 of a ZIP+4) on a map, or null. */
export function lookupUsZip(zip: string): UsZip | null {
  const five = zip.trim().slice(0, 5);
  if (!/^[0-9]{5}$/.test(five)) return null;
  const found = usZipEntry(five);
  // Military (APO/FPO) codes carry 0,0: no place on a map.
  if (!found || (found.latitude === 0 && found.longitude === 0)) return null;
  return {
    zip: found.zip,
    city: found.city,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/** Rounded to a tenth of a mile, as shown to people. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

// The zipcodes package ships no types; these are the parts we use.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    states: { full: Record<string, string>; abbr: Record<string, string> };
    codes: Record<string, ZipInfo>;
    lookup(zip: string | number): ZipInfo | undefined;
    lookupByState(state: string): ZipInfo[];
    distance(a: string | number, b: string | number): number | null;
    radius(zip: string | number, miles: number): string[];
  };
  export default zipcodes;
}

declare module 'zipcodes/lib/states.js' {
  const states: { full: Record<string, string>; abbr: Record<string, string> };
  export default states;
}

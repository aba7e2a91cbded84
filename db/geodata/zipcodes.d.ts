// The part of the `zipcodes` package (BSD, untyped) that the loader reads; enough that
// @types/zipcodes is not needed.
declare module "zipcodes" {
  export type ZipCode = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string; // 'US' or 'Canada'
  };
  /** Every US ZIP and Canadian postal code, keyed by code. */
  export const codes: Record<string, ZipCode>;
}

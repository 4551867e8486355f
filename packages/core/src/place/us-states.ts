/**
 * The United States' ISO 3166-2 subdivisions (the 50 states, the District of Columbia and the outlying
 * areas), by their code without the `US-` prefix, which is also the USPS code. The one list of them:
 * the counts by place (signature/geo-codes.ts), the delivery pack and the pages read it.
 * CloudFront tells a viewer's region by name ("California") or, failing that, by ISO 3166-2 code
 * ("CA"), and the country by name or code: `stateOf` reads either. Pure: the console imports it.
 */
export const US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  UM: "U.S. Minor Outlying Islands",
  VI: "U.S. Virgin Islands",
} as const;
export type StateCode = keyof typeof US_STATES;
export const STATE_CODES = Object.keys(US_STATES) as StateCode[];

export const isStateCode = (code: string): code is StateCode => Object.hasOwn(US_STATES, code);

const BY_NAME = new Map<string, StateCode>(STATE_CODES.map((code) => [US_STATES[code].toLowerCase(), code]));
BY_NAME.set("virgin islands", "VI");
BY_NAME.set("united states virgin islands", "VI");

const US_NAMES = new Set(["us", "usa", "united states", "united states of america"]);

/** Whether a signature's country (CloudFront's name or code) is the United States. */
export const inUnitedStates = (country: string) => US_NAMES.has(country.trim().toLowerCase());

/** The state code of a US signature's region (name or code); undefined when unknown. */
export function stateOf(region: string): StateCode | undefined {
  const value = region.trim();
  const upper = value.toUpperCase();
  if (isStateCode(upper)) return upper;
  return BY_NAME.get(value.toLowerCase());
}

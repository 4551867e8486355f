/**
 * The places a signature is counted under (signature/geo-counts.ts): ISO 3166-1 alpha-2 countries
 * and, for the United States, its ISO 3166-2 subdivisions (the 50 states, the District of Columbia
 * and the outlying areas), the codes CloudFront's viewer headers carry. Pure: the petition page's
 * table of states reads the names.
 */

import { isStateCode } from "../place/us-states";

/** Every officially assigned ISO 3166-1 alpha-2 code (249). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
    "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

export { US_STATES } from "../place/us-states";

/** A two-letter code as written, upper-cased, when it is one; else undefined (blank, "Unknown", a name). */
export function twoLetters(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/** An ISO 3166-1 alpha-2 country code, or undefined for anything else. */
export const countryCode = (value: string | undefined) => {
  const code = twoLetters(value);
  return code && COUNTRY_CODES.has(code) ? code : undefined;
};

/** A US subdivision's code (`CA`), or undefined for anything else. */
export const usStateCode = (value: string | undefined) => {
  const code = twoLetters(value);
  return code && isStateCode(code) ? code : undefined;
};

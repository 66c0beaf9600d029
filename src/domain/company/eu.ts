// The 27 member states of the European Union; any other country gets the non-EU tag
// (settings-messaging-shared §9).

export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export type EuCountryCode = (typeof EU_COUNTRY_CODES)[number];

/** A company without a country gets no tag: there is nothing to say it is outside the EU. */
export function isNonEu(countryCode: string | null | undefined): boolean {
  const code = countryCode?.trim().toUpperCase() ?? '';
  return code !== '' && !(EU_COUNTRY_CODES as readonly string[]).includes(code);
}

/*
 * Shared by the server's label renderer (server/lib/label) and the console's printed labels (features/print/pdf).
 * How a label writes a price: the company's locale and currency through Intl.NumberFormat ('￥1,228', '₩12,800',
 * '3,49 €'). The database keeps neither for a company, so both come from the country its address ends with
 * ('…, Tokyo 100-0005, Japan'): the region's likely language (Intl.Locale maximize, CLDR's likely subtags) and its
 * currency (the table below: Intl has no region-to-currency look-up). That is also how the demo data is priced:
 * the Japanese company in yen, the German and Italian ones in euro. A company whose country is not recognised
 * gets plain numbers in English grouping, no currency sign — a wrong sign would be worse than none.
 */

export interface Money {
  /** BCP 47 locale of the digits and separators. */
  locale: string;
  /** ISO 4217 code; none for plain numbers. */
  currency?: string;
}

export const PLAIN_NUMBERS: Money = { locale: 'en' };

const EURO_AREA = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
  'MC',
  'SM',
  'VA',
  'AD',
];
const CURRENCY_OF_REGION: Record<string, string> = {
  ...Object.fromEntries(EURO_AREA.map((region) => [region, 'EUR'])),
  JP: 'JPY',
  KR: 'KRW',
  CN: 'CNY',
  TW: 'TWD',
  HK: 'HKD',
  SG: 'SGD',
  TH: 'THB',
  VN: 'VND',
  IN: 'INR',
  ID: 'IDR',
  MY: 'MYR',
  PH: 'PHP',
  AU: 'AUD',
  NZ: 'NZD',
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  TR: 'TRY',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  ZA: 'ZAR',
  EG: 'EGP',
};
/** Country names people write that are not CLDR's English names. */
const REGION_ALIASES: Record<string, string> = {
  USA: 'US',
  'U.S.A.': 'US',
  UK: 'GB',
  'SOUTH KOREA': 'KR',
  'REPUBLIC OF KOREA': 'KR',
  KOREA: 'KR',
};

let regionsByName: Map<string, string> | undefined;
function regionByName(name: string): string | undefined {
  if (!regionsByName) {
    regionsByName = new Map(Object.entries(REGION_ALIASES));
    const english = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    for (const region of Object.keys(CURRENCY_OF_REGION)) {
      const display = english.of(region);
      if (display) regionsByName.set(display.toUpperCase(), region);
      regionsByName.set(region, region);
    }
  }
  return regionsByName.get(name.trim().toUpperCase());
}

/** The locale and currency of a company by its address; plain numbers when its country is not known here. */
export function moneyOfAddress(address: string | null | undefined): Money {
  const country = (address ?? '').split(',').pop() ?? '';
  const region = regionByName(country);
  if (!region) return PLAIN_NUMBERS;
  const language = new Intl.Locale('und', { region }).maximize().language;
  return { locale: `${language}-${region}`, currency: CURRENCY_OF_REGION[region] };
}

const formats = new Map<string, Intl.NumberFormat>();
function formatOf(money: Money): Intl.NumberFormat {
  const key = `${money.locale}\u0000${money.currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = money.currency
      ? new Intl.NumberFormat(money.locale, { style: 'currency', currency: money.currency })
      : new Intl.NumberFormat(money.locale, { maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/** A price slot as the label writes it: a plain number is formatted; any other text ('2 for 5') is kept. */
export function formatPrice(value: string, money: Money): string {
  const text = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  return formatOf(money).format(Number(text));
}

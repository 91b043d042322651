// Fixed vocabulary of the generated world: countries, regions and zones, place names, questions and surveys.
import { daysFromCivil } from './calendar.ts';
import type { GeneratedSize, IndexType, LocalDateRange, Scale, SurveyType } from './types.ts';

export { COUNTRIES, type CountrySpec } from './catalogPlaces.ts';

export const STORE_SUFFIXES = [
  'Hauptstraße',
  'Central',
  'Mall',
  'Airport',
  'Station',
  'Old Town',
  'Harbour',
  'Outlet',
  'City West',
  'Nord',
  'Süd',
  'Market Square',
];

/**
 * Names real data has, given to the first stores of every world so every size carries them:
 * a quote, a comma and a line break; markup-like text; a leading `=` (CSV formula); emoji; leading + - @.
 */
export const AWKWARD_STORE_NAMES = [
  'Bäckerei "Zur Post", Köln\nEingang Süd',
  '<b>Harbour</b> & Quay 🌊',
  '=HYPERLINK("https://example.invalid","Outlet")',
  'Café Crème – Zürichstraße 🍕',
  "+49 Müller's Späti",
  '@home Store; -30% Sale',
];

export const COMPANY_NAME = 'Nordlicht & Söhne <Retail> GmbH';

export interface DigitalSpec {
  name: string;
  zone: string;
  /** Survey keys (see SURVEYS) with the ui of their digital smiley. */
  surveys: { key: string; ui: 'link' | 'qr' | 'email' }[];
  traffic: number;
}

export const DIGITAL_GROUP_NAME = 'Digital channels';

export const DIGITAL_POINTS: DigitalSpec[] = [
  {
    name: 'Web shop – checkout',
    zone: 'Europe/Berlin',
    traffic: 1.6,
    surveys: [
      { key: 'satisfaction', ui: 'link' },
      { key: 'legacyWeb', ui: 'link' },
      { key: 'checkout', ui: 'link' },
    ],
  },
  {
    name: 'Mobile app (iOS & Android) 📱',
    zone: 'America/New_York',
    traffic: 1.2,
    surveys: [
      { key: 'recommend', ui: 'link' },
      { key: 'recommendOfficial', ui: 'qr' },
    ],
  },
  {
    name: 'Kundenservice-Chat',
    zone: 'Australia/Sydney',
    traffic: 0.6,
    surveys: [{ key: 'visit', ui: 'link' }],
  },
  {
    name: 'E-mail after delivery',
    zone: 'Europe/Helsinki',
    traffic: 0.8,
    surveys: [{ key: 'recommendOfficial', ui: 'email' }],
  },
  {
    name: 'QR code on receipts',
    zone: 'Europe/London',
    traffic: 0.7,
    surveys: [{ key: 'satisfaction', ui: 'qr' }],
  },
];

export interface QuestionSpec {
  key: string;
  defaultLocale: string;
  texts: Record<string, string>;
}

export const QUESTIONS: QuestionSpec[] = [
  {
    key: 'service',
    defaultLocale: 'en_US',
    texts: {
      en_US: 'How satisfied were you with our service today?',
      de_DE: 'Wie zufrieden waren Sie heute mit unserem Service?',
      fi_FI: 'Kuinka tyytyväinen olit palveluumme tänään?',
      fr_FR: 'Êtes-vous satisfait(e) de notre service aujourd’hui ?',
    },
  },
  {
    key: 'visit',
    defaultLocale: 'en_US',
    texts: {
      en_US: 'How would you rate your visit?',
      de_DE: 'Wie bewerten Sie Ihren Besuch?',
      fr_FR: 'Comment évaluez-vous votre visite ?',
    },
  },
  {
    key: 'recommend',
    defaultLocale: 'en_US',
    texts: {
      en_US: 'How likely are you to recommend "Nordlicht" to a friend or colleague?',
      de_DE: 'Wie wahrscheinlich ist es, dass Sie „Nordlicht“ weiterempfehlen?',
      fi_FI: 'Kuinka todennäköisesti suosittelisit "Nordlichtia" ystävällesi?',
      ja_JP: '「Nordlicht」を友人に勧める可能性はどのくらいですか？',
    },
  },
  {
    key: 'workday',
    defaultLocale: 'de_DE',
    texts: { de_DE: 'Wie war Ihr Arbeitstag? 😊', en_US: 'How was your working day? 😊' },
  },
  {
    key: 'restroom',
    defaultLocale: 'en_US',
    texts: {
      en_US: 'How clean were our restrooms today?',
      de_DE: 'Wie sauber waren unsere Toiletten heute?',
      fr_FR: 'Nos toilettes étaient-elles propres aujourd’hui ?',
    },
  },
  {
    key: 'checkout',
    defaultLocale: 'en_US',
    texts: {
      en_US: "How easy was checkout <today>? Tell us & we'll improve",
      de_DE: 'Wie einfach war der Bezahlvorgang <heute>?',
    },
  },
  {
    key: 'gift',
    defaultLocale: 'en_US',
    texts: {
      en_US: 'Did you find the perfect gift? 🎁',
      de_DE: 'Haben Sie das perfekte Geschenk gefunden? 🎁',
    },
  },
];

export interface SurveySpec {
  key: string;
  question: string;
  scale: Scale;
  surveyType: SurveyType;
  indexType: IndexType;
  /** Share of a location's footfall that answers this survey where it runs. */
  weight: number;
  /** Active periods from the world's present and its history length (SizeSpec.historyDays). */
  periods: (nowDay: number, historyDays: number) => LocalDateRange[];
}

const range = (startDay: number, endDay: number): LocalDateRange => ({ startDay, endDay });

/** Surveys cover every state (active, ended, upcoming), every scale, both survey types and a 2020 web survey. */
export const SURVEYS: SurveySpec[] = [
  {
    key: 'satisfaction',
    question: 'service',
    scale: 'four',
    surveyType: 'CUSTOMER',
    indexType: 'HAPPY',
    weight: 1,
    periods: (n, h) => [range(n - h, n + 365)],
  },
  {
    key: 'visit',
    question: 'visit',
    scale: 'five',
    surveyType: 'CUSTOMER',
    indexType: 'AVERAGE',
    weight: 0.3,
    periods: (n) => [range(n - 400, n + 200)],
  },
  {
    key: 'recommend',
    question: 'recommend',
    scale: 'nps',
    surveyType: 'CUSTOMER',
    indexType: 'NPS',
    weight: 0.25,
    periods: (n, h) => [range(n - h, n - 500), range(n - 300, n + 100)],
  },
  {
    key: 'workday',
    question: 'workday',
    scale: 'four',
    surveyType: 'EMPLOYEE',
    indexType: 'HAPPY',
    weight: 0.1,
    periods: (n) => [range(n - 600, n + 300)],
  },
  {
    key: 'legacyWeb',
    question: 'service',
    scale: 'four',
    surveyType: 'CUSTOMER',
    indexType: 'HAPPY',
    weight: 1,
    periods: () => [range(daysFromCivil(2019, 12, 1), daysFromCivil(2020, 6, 1))],
  },
  {
    key: 'checkout',
    question: 'checkout',
    scale: 'five_reversed',
    surveyType: 'CUSTOMER',
    indexType: 'AVERAGE',
    weight: 0.25,
    periods: (n, h) => [range(n - h, n - 120)],
  },
  {
    key: 'gift',
    question: 'gift',
    scale: 'four',
    surveyType: 'CUSTOMER',
    indexType: 'HAPPY',
    weight: 0.3,
    periods: (n) => [range(n + 20, n + 50)],
  },
  {
    key: 'restroom',
    question: 'restroom',
    scale: 'four',
    surveyType: 'CUSTOMER',
    indexType: 'HAPPY',
    weight: 0.35,
    periods: (n, h) => [range(n - h, n + 365)],
  },
  {
    key: 'recommendOfficial',
    question: 'recommend',
    scale: 'nps',
    surveyType: 'CUSTOMER',
    indexType: 'NPS_OFFICIAL',
    weight: 0.5,
    periods: (n, h) => [range(n - h, n + 365)],
  },
];

export const SCALE_BUTTONS: Record<Scale, number> = { four: 4, five: 5, five_reversed: 5, nps: 11 };

export interface SizeSpec {
  countries: number;
  regionsPerCountry: [number, number];
  storesPerRegion: [number, number];
  digitalPoints: number;
  /** Expected presses in the main era (the generator scales its rates to this). */
  targetPresses: number;
  /** Length of the main era in days, ending at the present: the long-running surveys start there. */
  historyDays: number;
  /**
   * Scale the rates by the expectation of their noise instead of drawing it for every (assignment, day) first
   * (world/pressRates.ts): a window of days then costs only its own days. The other sizes keep their first worlds.
   */
  ratesByExpectation?: boolean;
}

export const SIZES: Record<GeneratedSize, SizeSpec> = {
  tiny: {
    countries: 2,
    regionsPerCountry: [2, 2],
    storesPerRegion: [1, 2],
    digitalPoints: 2,
    targetPresses: 4_000,
    historyDays: 730,
  },
  small: {
    countries: 4,
    regionsPerCountry: [2, 3],
    storesPerRegion: [3, 5],
    digitalPoints: 3,
    targetPresses: 200_000,
    historyDays: 730,
  },
  demo: {
    countries: 6,
    regionsPerCountry: [2, 4],
    storesPerRegion: [5, 9],
    digitalPoints: 4,
    targetPresses: 2_000_000,
    historyDays: 730,
  },
  large: {
    countries: 9,
    regionsPerCountry: [3, 5],
    storesPerRegion: [12, 20],
    digitalPoints: 5,
    targetPresses: 22_000_000,
    historyDays: 730,
  },
  /**
   * The biggest accounts (retail chains, airports): every region of the nine countries with ~150–195 stores each,
   * about 5,000 points, and five years of history. Held like the others (15 bytes per press, ~1.5 GB).
   */
  xlarge: {
    countries: 9,
    regionsPerCountry: [5, 5],
    storesPerRegion: [150, 195],
    digitalPoints: 5,
    targetPresses: 100_000_000,
    historyDays: 1826,
    ratesByExpectation: true,
  },
};

/** The main era's length of a world of this size (730 days for fixtures and the awkward world). */
export function historyDaysOf(size: string): number {
  return Object.hasOwn(SIZES, size) ? SIZES[size as GeneratedSize].historyDays : 730;
}

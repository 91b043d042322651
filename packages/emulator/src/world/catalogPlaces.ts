// The world's countries: regions with their IANA zones, usual opening hours and place names.

/** Opening hours per weekday (Monday first) as [open, close] local minutes, or null when closed. */
type Week = ([number, number] | null)[];

const h = (open: number, close: number): [number, number] => [open * 60, close * 60];

export interface CountrySpec {
  name: string;
  locale: string;
  southern: boolean;
  week: Week;
  regions: { name: string; zone: string }[];
  places: string[];
}

/** Countries in the order sizes take them: tiny takes the first two (a northern and a southern DST zone). */
export const COUNTRIES: CountrySpec[] = [
  {
    name: 'Deutschland',
    locale: 'de_DE',
    southern: false,
    week: [h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 20), null],
    regions: [
      { name: 'Bayern', zone: 'Europe/Berlin' },
      { name: 'Nordrhein-Westfalen', zone: 'Europe/Berlin' },
      { name: 'Baden-Württemberg', zone: 'Europe/Berlin' },
      { name: 'Berlin & Brandenburg', zone: 'Europe/Berlin' },
      { name: 'Hamburg', zone: 'Europe/Berlin' },
    ],
    places: [
      'München',
      'Köln',
      'Düsseldorf',
      'Nürnberg',
      'Würzburg',
      'Stuttgart',
      'Freiburg im Breisgau',
      'Lübeck',
      'Göttingen',
      'Regensburg',
      'Münster',
      'Saarbrücken',
    ],
  },
  {
    name: 'Australia',
    locale: 'en_AU',
    southern: true,
    week: [h(9, 21), h(9, 21), h(9, 21), h(9, 21), h(9, 21), h(9, 21), h(10, 17)],
    regions: [
      { name: 'New South Wales', zone: 'Australia/Sydney' },
      { name: 'Western Australia', zone: 'Australia/Perth' },
      { name: 'Victoria', zone: 'Australia/Melbourne' },
      { name: 'Queensland', zone: 'Australia/Brisbane' },
    ],
    places: [
      'Sydney',
      'Parramatta',
      'Perth',
      'Fremantle',
      'Melbourne',
      'Geelong',
      'Brisbane',
      'Cairns',
      'Newcastle',
      'Wollongong',
    ],
  },
  {
    name: 'United States',
    locale: 'en_US',
    southern: false,
    week: [h(8, 22), h(8, 22), h(8, 22), h(8, 22), h(8, 22), h(8, 22), h(9, 20)],
    regions: [
      { name: 'New York', zone: 'America/New_York' },
      { name: 'California', zone: 'America/Los_Angeles' },
      { name: 'Illinois', zone: 'America/Chicago' },
      { name: 'Arizona', zone: 'America/Phoenix' },
      { name: 'Texas', zone: 'America/Chicago' },
    ],
    places: [
      'Brooklyn',
      'Albany',
      'San José',
      'Los Angeles',
      'Chicago',
      'Springfield',
      'Phoenix',
      'Tucson',
      'Austin',
      'El Paso',
    ],
  },
  {
    name: 'Suomi – Finland',
    locale: 'fi_FI',
    southern: false,
    week: [h(7, 21), h(7, 21), h(7, 21), h(7, 21), h(7, 21), h(9, 18), h(12, 18)],
    regions: [
      { name: 'Uusimaa', zone: 'Europe/Helsinki' },
      { name: 'Pirkanmaa', zone: 'Europe/Helsinki' },
      { name: 'Lappi', zone: 'Europe/Helsinki' },
    ],
    places: ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Jyväskylä', 'Rovaniemi', 'Oulu', 'Hämeenlinna'],
  },
  {
    name: 'United Kingdom',
    locale: 'en_GB',
    southern: false,
    week: [h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(10, 16)],
    regions: [
      { name: 'England', zone: 'Europe/London' },
      { name: 'Scotland', zone: 'Europe/London' },
      { name: 'Wales', zone: 'Europe/London' },
    ],
    places: ['London', 'Manchester', 'Leeds', 'Edinburgh', 'Glasgow', 'Cardiff', 'Swansea', 'Bristol'],
  },
  {
    name: 'France',
    locale: 'fr_FR',
    southern: false,
    week: [h(9, 19), h(9, 19), h(9, 19), h(9, 19), h(9, 19), h(9, 19), null],
    regions: [
      { name: 'Île-de-France', zone: 'Europe/Paris' },
      { name: 'Provence-Alpes-Côte d’Azur', zone: 'Europe/Paris' },
      { name: 'Auvergne-Rhône-Alpes', zone: 'Europe/Paris' },
    ],
    places: ['Paris', 'Saint-Denis', 'Marseille', 'Nice', 'Lyon', 'Grenoble', 'Aix-en-Provence', 'Besançon'],
  },
  {
    name: 'India',
    locale: 'en_IN',
    southern: false,
    week: [h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(10, 22)],
    regions: [
      { name: 'Maharashtra', zone: 'Asia/Kolkata' },
      { name: 'Karnataka', zone: 'Asia/Kolkata' },
    ],
    places: ['Mumbai', 'Pune', 'Bengaluru', 'Mysuru', 'Nagpur'],
  },
  {
    name: 'Brasil',
    locale: 'pt_BR',
    southern: true,
    week: [h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(10, 22), h(14, 20)],
    regions: [
      { name: 'São Paulo', zone: 'America/Sao_Paulo' },
      { name: 'Rio de Janeiro', zone: 'America/Sao_Paulo' },
    ],
    places: ['São Paulo', 'Campinas', 'Niterói', 'Petrópolis', 'Santos'],
  },
  {
    name: '日本 Japan',
    locale: 'ja_JP',
    southern: false,
    week: [h(10, 21), h(10, 21), h(10, 21), h(10, 21), h(10, 21), h(10, 21), h(10, 21)],
    regions: [
      { name: '関東 Kantō', zone: 'Asia/Tokyo' },
      { name: '関西 Kansai', zone: 'Asia/Tokyo' },
    ],
    places: ['東京 Shibuya', '横浜 Yokohama', '大阪 Umeda', '京都 Kyoto', '神戸 Kobe'],
  },
];

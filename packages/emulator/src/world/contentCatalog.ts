// Fixed vocabulary of press content: follow-up questions and options, comment texts, people, metadata.

export interface LocalisedText {
  /** Default-locale text first; locale → text. */
  [locale: string]: string;
}

export interface FollowupSetSpec {
  negative: { question: LocalisedText; options: LocalisedText[] };
  positive: { question: LocalisedText; options: LocalisedText[] };
}

const GENERAL: FollowupSetSpec = {
  negative: {
    question: { en_US: 'What went wrong?', de_DE: 'Was ist schiefgelaufen?', fi_FI: 'Mikä meni vikaan?' },
    options: [
      { en_US: 'Waiting time', de_DE: 'Wartezeit', fi_FI: 'Jonotusaika' },
      { en_US: 'Staff attitude', de_DE: 'Verhalten des Personals', fi_FI: 'Henkilökunnan asenne' },
      { en_US: 'Cleanliness', de_DE: 'Sauberkeit', fi_FI: 'Siisteys' },
      { en_US: 'Product availability', de_DE: 'Verfügbarkeit', fi_FI: 'Saatavuus' },
      { en_US: 'Price', de_DE: 'Preis', fi_FI: 'Hinta' },
      { en_US: 'Something else – "other"', de_DE: 'Etwas anderes – „Sonstiges“', fi_FI: 'Jokin muu' },
    ],
  },
  positive: {
    question: {
      en_US: 'What did you like most?',
      de_DE: 'Was hat Ihnen am besten gefallen?',
      fi_FI: 'Mistä pidit eniten?',
    },
    options: [
      { en_US: 'Friendly staff', de_DE: 'Freundliches Personal', fi_FI: 'Ystävällinen henkilökunta' },
      { en_US: 'Quick service', de_DE: 'Schneller Service', fi_FI: 'Nopea palvelu' },
      { en_US: 'Clean & tidy store', de_DE: 'Sauberer & ordentlicher Laden', fi_FI: 'Siisti myymälä' },
      { en_US: 'Good selection', de_DE: 'Gute Auswahl', fi_FI: 'Hyvä valikoima' },
      { en_US: 'Great prices <3', de_DE: 'Tolle Preise <3', fi_FI: 'Hyvät hinnat <3' },
    ],
  },
};

/** Follow-up sets by survey key (see catalog.ts SURVEYS); surveys not listed use the general set. */
export const FOLLOWUP_SETS: Record<string, FollowupSetSpec> = {
  workday: {
    negative: {
      question: { de_DE: 'Was hat Ihren Tag erschwert?', en_US: 'What made your day harder?' },
      options: [
        { de_DE: 'Arbeitslast', en_US: 'Workload' },
        { de_DE: 'Teamgeist', en_US: 'Team spirit' },
        { de_DE: 'Werkzeuge & Systeme', en_US: 'Tools & systems' },
        { de_DE: 'Führung', en_US: 'Management' },
      ],
    },
    positive: {
      question: { de_DE: 'Was hat Ihren Tag gut gemacht?', en_US: 'What made your day good?' },
      options: [
        { de_DE: 'Kolleg:innen', en_US: 'Colleagues' },
        { de_DE: 'Kund:innen 😊', en_US: 'Customers 😊' },
        { de_DE: 'Erfolge', en_US: 'Achievements' },
      ],
    },
  },
  checkout: {
    negative: {
      question: { en_US: 'What slowed you down?', de_DE: 'Was hat Sie aufgehalten?' },
      options: [
        { en_US: 'Payment options', de_DE: 'Zahlungsarten' },
        { en_US: 'Delivery cost', de_DE: 'Versandkosten' },
        { en_US: 'Form errors', de_DE: 'Formularfehler' },
        { en_US: 'Page speed', de_DE: 'Ladezeit' },
        { en_US: 'Voucher code', de_DE: 'Gutscheincode' },
        { en_US: 'Other', de_DE: 'Sonstiges' },
      ],
    },
    positive: {
      question: { en_US: 'What worked well?', de_DE: 'Was hat gut funktioniert?' },
      options: [
        { en_US: 'Speed', de_DE: 'Geschwindigkeit' },
        { en_US: 'Payment options', de_DE: 'Zahlungsarten' },
        { en_US: 'Clarity', de_DE: 'Übersichtlichkeit' },
      ],
    },
  },
  restroom: {
    negative: {
      question: { en_US: 'What was the problem?', de_DE: 'Was war das Problem?' },
      options: [
        { en_US: 'Dirty floor', de_DE: 'Schmutziger Boden' },
        { en_US: 'No paper', de_DE: 'Kein Papier' },
        { en_US: 'Smell', de_DE: 'Geruch' },
        { en_US: 'Broken lock', de_DE: 'Defektes Schloss' },
      ],
    },
    positive: {
      question: { en_US: 'What was good?', de_DE: 'Was war gut?' },
      options: [
        { en_US: 'Clean', de_DE: 'Sauber' },
        { en_US: 'Well stocked', de_DE: 'Gut ausgestattet' },
      ],
    },
  },
  gift: {
    negative: {
      question: { en_US: 'What was missing?', de_DE: 'Was hat gefehlt?' },
      options: [
        { en_US: 'Out of stock', de_DE: 'Ausverkauft' },
        { en_US: 'Too expensive', de_DE: 'Zu teuer' },
        { en_US: 'No gift wrap', de_DE: 'Keine Geschenkverpackung' },
      ],
    },
    positive: {
      question: { en_US: 'What helped you?', de_DE: 'Was hat Ihnen geholfen?' },
      options: [
        { en_US: 'Great ideas', de_DE: 'Tolle Ideen' },
        { en_US: 'Gift wrap 🎁', de_DE: 'Geschenkverpackung 🎁' },
      ],
    },
  },
};

export const GENERAL_FOLLOWUPS = GENERAL;

export interface CommentSpec {
  lang: string;
  text: string;
  en: string;
  categories: string[];
  themes: string[];
}

/** Comments by sentiment; several languages and the characters real comments have. */
export const NEGATIVE_COMMENTS: CommentSpec[] = [
  {
    lang: 'en',
    text: 'Waited 20 min at the till & nobody cared.',
    en: 'Waited 20 min at the till & nobody cared.',
    categories: ['Waiting time'],
    themes: ['Speed'],
  },
  {
    lang: 'de',
    text: 'Die Kasse war ewig besetzt, sehr ärgerlich!',
    en: 'The till was busy forever, very annoying!',
    categories: ['Waiting time'],
    themes: ['Speed'],
  },
  {
    lang: 'de',
    text: 'Toiletten schmutzig 🤢 – bitte öfter putzen',
    en: 'Toilets dirty 🤢 – please clean more often',
    categories: ['Cleanliness'],
    themes: ['Hygiene'],
  },
  {
    lang: 'fi',
    text: 'Myyjä oli töykeä. Ei kiitos.',
    en: 'The salesperson was rude. No thanks.',
    categories: ['Staff'],
    themes: ['Friendliness'],
  },
  {
    lang: 'fr',
    text: 'Prix trop élevés, « promotions » introuvables.',
    en: 'Prices too high, "promotions" nowhere to be found.',
    categories: ['Price'],
    themes: ['Value for money'],
  },
  {
    lang: 'en',
    text: 'Call me back on +44 7700 900123, my order <#4411> never arrived',
    en: 'Call me back on +44 7700 900123, my order <#4411> never arrived',
    categories: ['Delivery'],
    themes: ['Reliability'],
  },
  {
    lang: 'de',
    text: 'Bitte melden: max.mustermann@example.com – Produkt war defekt',
    en: 'Please get in touch: max.mustermann@example.com – product was faulty',
    categories: ['Product'],
    themes: ['Quality'],
  },
  {
    lang: 'ja',
    text: 'レジが遅すぎました。',
    en: 'The checkout was far too slow.',
    categories: ['Waiting time'],
    themes: ['Speed'],
  },
  {
    lang: 'pt',
    text: 'Atendimento péssimo, não volto mais.',
    en: 'Terrible service, I will not come back.',
    categories: ['Staff'],
    themes: ['Friendliness'],
  },
];

export const POSITIVE_COMMENTS: CommentSpec[] = [
  {
    lang: 'en',
    text: 'Lovely staff, quick & easy 😊',
    en: 'Lovely staff, quick & easy 😊',
    categories: ['Staff', 'Waiting time'],
    themes: ['Friendliness', 'Speed'],
  },
  {
    lang: 'de',
    text: 'Super Beratung von Frau Özdemir, danke!',
    en: 'Great advice from Ms Özdemir, thanks!',
    categories: ['Staff'],
    themes: ['Friendliness'],
  },
  {
    lang: 'fi',
    text: 'Kiitos, kaikki sujui hienosti!',
    en: 'Thanks, everything went great!',
    categories: ['Overall'],
    themes: ['Experience'],
  },
  {
    lang: 'fr',
    text: 'Très bon accueil, magasin propre et « zen ».',
    en: 'Very good welcome, clean and "zen" store.',
    categories: ['Staff', 'Cleanliness'],
    themes: ['Friendliness', 'Hygiene'],
  },
  {
    lang: 'en',
    text: 'Found everything I needed. 10/10 would shop again',
    en: 'Found everything I needed. 10/10 would shop again',
    categories: ['Product'],
    themes: ['Assortment'],
  },
  {
    lang: 'de',
    text: '"Beste Filiale" – sagt meine Oma 👵',
    en: '"Best branch" – says my grandma 👵',
    categories: ['Overall'],
    themes: ['Experience'],
  },
  {
    lang: 'ja',
    text: 'とても親切な店員さんでした！',
    en: 'The staff were very kind!',
    categories: ['Staff'],
    themes: ['Friendliness'],
  },
];

export const SPAM_COMMENTS: string[] = [
  'Buy cheap followers at http://spam.example 🤑🤑',
  'asdfghjkl',
  '=1+1',
  '<script>alert("hi")</script>',
  '@@@@ +++ ---',
];

export const FIRST_NAMES = [
  'Anna',
  'Jürgen',
  'Zoë',
  'Mikko',
  'Aino',
  'Chloé',
  'José',
  'Siobhán',
  'Priya',
  'Hiroshi',
  "D'Arcy",
  'Łukasz',
  'Ana-María',
  'Oliver',
];
export const LAST_NAMES = [
  'Müller',
  'Virtanen',
  'Smith',
  "O'Brien",
  'García Márquez',
  'Nguyễn',
  'Schäfer',
  'Dubois',
  'Kowalski',
  'Tanaka',
  'Øster',
  'van der Berg',
];

export const METADATA_KEYS: { key: string; values: string[] }[] = [
  { key: 'orderChannel', values: ['web', 'app', 'click & collect'] },
  { key: 'cartValue', values: ['19.90', '129.00', '1049.50', '0'] },
  { key: 'appVersion', values: ['5.4.1', '5.5.0-beta', '4.9.12'] },
  { key: 'customerSegment', values: ['gold', 'silver', 'new', '"VIP"'] },
  { key: 'campaign', values: ['black-friday', 'summer_sale', '=cmd', 'newsletter <2025-W48>'] },
];

// Users of the analytics application and the custom data fields of the company's experience points.
import { DAY_MS } from './calendar.ts';
import { FIRST_NAMES, LAST_NAMES } from './contentCatalog.ts';
import { intBetween, pick, type Rng } from './prng.ts';
import type {
  CustomDataField,
  CustomDataValue,
  ExperiencePoint,
  Role,
  TreeNode,
  User,
  GeneratedSize,
} from './types.ts';

/** About one user per dozen points (analysts, regional and store managers). */
const USER_COUNT: Record<GeneratedSize, number> = { tiny: 6, small: 12, demo: 24, large: 48, xlarge: 400 };

function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export function generateUsers(rng: Rng, size: GeneratedSize, nodes: TreeNode[], now: number): User[] {
  const groups = nodes.filter((n) => n.type === 'GROUP');
  const users: User[] = [];
  let id = 1_000 + Math.floor(rng() * 100);
  for (let k = 0; k < USER_COUNT[size]; k++) {
    const firstName = pick(rng, FIRST_NAMES);
    const lastName = pick(rng, LAST_NAMES);
    const role: Role = k === 0 ? 'ADMIN' : k % 7 === 3 ? 'PARTNER' : rng() < 0.15 ? 'ADMIN' : 'USER';
    const root = role === 'ADMIN' ? (nodes[0] ?? groups[0]) : pick(rng, groups);
    const created = now - intBetween(rng, 30, 1400) * DAY_MS - Math.floor(rng() * DAY_MS);
    const neverLoggedIn = k > 0 && rng() < 0.15;
    users.push({
      index: k,
      id,
      email: `${asciiFold(firstName)}.${asciiFold(lastName)}${k % 5 === 4 ? '+analytics' : ''}@nordlicht.example`,
      firstName,
      lastName,
      rootNodeIndex: root?.index ?? 0,
      role,
      locale: pick(rng, ['en_US', 'de_DE', 'fi_FI', 'fr_FR', 'en_AU']),
      loginAllowed: k === 0 || rng() < 0.9,
      loginMethod: rng() < 0.3 ? 'SINGLE_SIGN_ON' : 'EMAIL_PASSWORD',
      lastLogin: neverLoggedIn ? null : Math.min(now - 60_000, created + Math.floor(rng() * (now - created))),
      created,
    });
    id += 1 + Math.floor(rng() * 9);
  }
  return users;
}

export const CUSTOM_DATA_FIELDS: CustomDataField[] = [
  {
    id: 'storeFormat',
    label: 'Store format',
    type: 'select',
    options: ['Flagship', 'Standard', 'Express', 'Outlet "Plus"'],
  },
  { id: 'salesArea', label: 'Sales area (m²)', type: 'number', options: [] },
  { id: 'openedOn', label: 'Opening date', type: 'date', options: [] },
  { id: 'manager', label: 'Store manager', type: 'text', options: [] },
];

export function generateCustomData(rng: Rng, eps: ExperiencePoint[], now: number): CustomDataValue[] {
  const values: CustomDataValue[] = [];
  for (const ep of eps) {
    if (ep.kind !== 'physical') continue;
    const fields: string[] = [
      pick(rng, CUSTOM_DATA_FIELDS[0]?.options ?? ['Standard']),
      String(intBetween(rng, 8, 90) * 10),
      new Date(now - intBetween(rng, 400, 9000) * DAY_MS).toISOString().slice(0, 10),
      `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`,
    ];
    fields.forEach((value, fieldIndex) => {
      // Some fields are simply not filled in.
      if (fieldIndex > 0 && rng() < 0.15) return;
      values.push({ epIndex: ep.index, fieldIndex, value });
    });
  }
  return values;
}

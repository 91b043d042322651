// Demographics (gender, age) and contact details of the feedback givers: distributions split by button, and the
// presses of the same filter (from the daily rollup) so the share that answered can be shown.
import type Database from 'better-sqlite3';
import type {
  AgeBandRow,
  ContactDistribution,
  DemographicsDistribution,
  FeedbackFilter,
  GenderRow,
} from '#shared/contract.ts';
import { ageBands } from '#shared/contract.ts';
import { contactRows, demographicsRows, pressesIn } from '../store/reads/peopleRead.ts';

const empty = (): number[] => new Array<number>(11).fill(0);

export function demographics(db: Database.Database, filter: FeedbackFilter): DemographicsDistribution {
  const rows = demographicsRows(db, filter);
  const genders = new Map<string | null, GenderRow>();
  const bands: AgeBandRow[] = ageBands.map((b) => ({ ...b, total: 0, buttons: empty() }));
  const unknownAge: AgeBandRow = { label: 'not given', from: null, to: null, total: 0, buttons: empty() };
  const ages = new Map<number, number>();
  let feedbacks = 0;
  for (const r of rows) {
    feedbacks += r.n;
    const g = genders.get(r.gender) ?? { gender: r.gender, total: 0, buttons: empty() };
    g.total += r.n;
    g.buttons[r.button_index] = (g.buttons[r.button_index] ?? 0) + r.n;
    genders.set(r.gender, g);
    const age = r.age;
    const band =
      age === null
        ? unknownAge
        : (bands.find((b) => (b.from === null || age >= b.from) && (b.to === null || age < b.to)) ??
          unknownAge);
    band.total += r.n;
    band.buttons[r.button_index] = (band.buttons[r.button_index] ?? 0) + r.n;
    if (r.age !== null) ages.set(r.age, (ages.get(r.age) ?? 0) + r.n);
  }
  const withAge = [...ages.values()].reduce((s, n) => s + n, 0);
  const mean = withAge ? [...ages.entries()].reduce((s, [a, n]) => s + a * n, 0) / withAge : null;
  return {
    feedbacks,
    presses: pressesIn(db, filter),
    byGender: [...genders.values()].sort((a, b) => b.total - a.total),
    byAge: unknownAge.total ? [...bands, unknownAge] : bands,
    meanAge: mean,
    medianAge: median(ages, withAge),
  };
}

/** The median of a value → count histogram (the mean of the two middle values for an even count). */
function median(histogram: Map<number, number>, count: number): number | null {
  if (!count) return null;
  const sorted = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const at = (k: number): number => {
    let seen = 0;
    for (const [v, n] of sorted) if ((seen += n) > k) return v;
    return sorted[sorted.length - 1]?.[0] ?? 0;
  };
  return count % 2 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
}

export function contacts(db: Database.Database, filter: FeedbackFilter): ContactDistribution {
  const rows = contactRows(db, filter);
  const buttons = empty();
  let feedbacks = 0;
  let withName = 0;
  let withEmail = 0;
  let withPhone = 0;
  for (const r of rows) {
    buttons[r.button_index] = r.n;
    feedbacks += r.n;
    withName += r.named;
    withEmail += r.mailed;
    withPhone += r.phoned;
  }
  return {
    feedbacks,
    presses: pressesIn(db, filter),
    withName,
    withEmail,
    withPhone,
    byButton: { total: feedbacks, buttons },
  };
}

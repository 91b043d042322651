// The people domain of the contract: distributions of the demographics (gender, age) and of the contact details
// feedback givers left, each split by button; with their argument checks.
import * as v from 'valibot';
import { feedbackFilterSchema } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { optionalArgs, parserOf } from './schema.ts';

/** Presses per button index (0..10) of one group; `total` is their sum. */
export interface ButtonSplit {
  total: number;
  /** 11 counts, index = button index. */
  buttons: number[];
}

export interface GenderRow extends ButtonSplit {
  /** As the service sent it (`female`, `male`, …); null when not given. Untrusted. */
  gender: string | null;
}

/** Age bands: `from` inclusive, `to` exclusive (null: open); both null for "not given". */
export interface AgeBandRow extends ButtonSplit {
  label: string;
  from: number | null;
  to: number | null;
}

export interface DemographicsDistribution {
  /** Feedbacks with demographics in the filter. */
  feedbacks: number;
  /** Presses in the filter (the rollup's count), so `feedbacks / presses` is the share that answered. */
  presses: number;
  byGender: GenderRow[];
  byAge: AgeBandRow[];
  /** Mean and median age of those that gave one; null when nobody did. */
  meanAge: number | null;
  medianAge: number | null;
}

export interface ContactDistribution {
  /** Feedbacks with contact details. */
  feedbacks: number;
  presses: number;
  withName: number;
  withEmail: number;
  withPhone: number;
  /** Contact details per button (a negative answer with contact details is a call-back). */
  byButton: ButtonSplit;
}

const peopleArgsSchema = optionalArgs({ filter: v.optional(feedbackFilterSchema()) });
export type PeopleArgs = v.InferOutput<typeof peopleArgsSchema>;

export interface PeopleCommands {
  'people:demographics': { args: PeopleArgs; result: DemographicsDistribution };
  'people:contacts': { args: PeopleArgs; result: ContactDistribution };
}

/** The age bands, in order (`from` inclusive, `to` exclusive). */
export const ageBands: readonly { label: string; from: number | null; to: number | null }[] = [
  { label: 'under 18', from: null, to: 18 },
  { label: '18–24', from: 18, to: 25 },
  { label: '25–34', from: 25, to: 35 },
  { label: '35–44', from: 35, to: 45 },
  { label: '45–54', from: 45, to: 55 },
  { label: '55–64', from: 55, to: 65 },
  { label: '65 and over', from: 65, to: null },
];

export const peopleArgs: ArgParsers<PeopleCommands> = {
  'people:demographics': parserOf(peopleArgsSchema),
  'people:contacts': parserOf(peopleArgsSchema),
};

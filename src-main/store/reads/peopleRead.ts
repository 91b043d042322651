// Named reads of the feedback givers: presses in a filter (daily rollup), demographics and contact details per button.
import type Database from 'better-sqlite3';
import type { FeedbackFilter } from '#shared/contract.ts';
import { statement } from '../statements.ts';
import { feedbackFilterSql, whereClause } from './feedbackFilter.ts';

const nSum = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');

/** Presses in the filter, from the v2 daily rollup. */
export function pressesIn(db: Database.Database, filter: FeedbackFilter): number {
  const f = feedbackFilterSql(filter, 'r', 'day');
  return Number(
    statement(
      db,
      `${f.with}SELECT coalesce(sum(${nSum}), 0) FROM v2_button_rollup_daily r ${whereClause(f.where)}`,
    )
      .pluck()
      .get(f.params),
  );
}

export interface DemographicsRow {
  gender: string | null;
  age: number | null;
  button_index: number;
  n: number;
}

/** Feedbacks per gender, age and button. */
export function demographicsRows(db: Database.Database, filter: FeedbackFilter): DemographicsRow[] {
  const f = feedbackFilterSql(filter, 'd');
  return statement(
    db,
    `${f.with}SELECT d.gender, d.age, d.button_index, count(*) AS n FROM v2_demographics d ${whereClause(f.where)}
     GROUP BY d.gender, d.age, d.button_index`,
  ).all(f.params) as DemographicsRow[];
}

export interface ContactRow {
  button_index: number;
  n: number;
  named: number;
  mailed: number;
  phoned: number;
}

/** Contact details per button: how many, and how many with a name, an email, a phone number. */
export function contactRows(db: Database.Database, filter: FeedbackFilter): ContactRow[] {
  const f = feedbackFilterSql(filter, 'c');
  return statement(
    db,
    `${f.with}SELECT c.button_index, count(*) AS n,
       sum(coalesce(c.name, '') <> '') AS named, sum(coalesce(c.email, '') <> '') AS mailed,
       sum(coalesce(c.phone_number, '') <> '') AS phoned
     FROM v2_contact_details c ${whereClause(f.where)} GROUP BY c.button_index`,
  ).all(f.params) as ContactRow[];
}

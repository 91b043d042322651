// Writes a verification of the stored presses against the service's aggregates (table sync_verification, migration
// 0008); reconciliationRead.ts reads the newest back.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';

const insert = named(
  'verification.insert',
  `INSERT INTO sync_verification (checked_at, from_day, to_day, groups_compared, local_total, service_total,
     mismatch_count, mismatches) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
);

/** One verification as stored: `mismatches` is the JSON the reconciliation view reads (at most 100 entries). */
export interface VerificationRow {
  checkedAt: string;
  from: string;
  to: string;
  groupsCompared: number;
  localTotal: number;
  serviceTotal: number;
  mismatchCount: number;
  mismatches: string;
}

export function insertVerification(db: Database.Database, v: VerificationRow): void {
  statement(db, insert).run(
    v.checkedAt,
    v.from,
    v.to,
    v.groupsCompared,
    v.localTotal,
    v.serviceTotal,
    v.mismatchCount,
    v.mismatches,
  );
}

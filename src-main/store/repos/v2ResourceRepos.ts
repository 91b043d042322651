// The repositories of the v2 resources besides tree and button feedbacks, as one member of the Store.
import type Database from 'better-sqlite3';
import { createV2AlertRepo } from './v2AlertRepo.ts';
import type { V2AlertRepo } from './v2AlertRepo.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';
import { createV2FeedbackListRepo } from './v2FeedbackListRepo.ts';
import type { V2FeedbackListRepo } from './v2FeedbackListRepo.ts';
import { createV2StructureRepo } from './v2StructureRepo.ts';
import type { V2StructureRepo } from './v2StructureRepo.ts';

export interface V2ResourceRepos {
  structure: V2StructureRepo;
  feedbackLists: V2FeedbackListRepo;
  alerts: V2AlertRepo;
}

export function createV2ResourceRepos(db: Database.Database, checkpoints: CheckpointRepo): V2ResourceRepos {
  return {
    structure: createV2StructureRepo(db, checkpoints),
    feedbackLists: createV2FeedbackListRepo(db, checkpoints),
    alerts: createV2AlertRepo(db, checkpoints),
  };
}

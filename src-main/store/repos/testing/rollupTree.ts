// The small tree the rollup tests count into: 1 → 2 → 21, 22; 1 → 3; 4 (a second root) → 41. Point 99 is in no tree.
import type { TreeItem } from '#shared/contract.ts';

export const rollupTree: readonly TreeItem[] = [
  { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
  { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
  { experiencePointId: 21, name: 'A', parent: 2, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 22, name: 'B', parent: 2, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 3, name: 'Web', parent: 1, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 4, name: 'Other', parent: null, type: 'GROUP' },
  { experiencePointId: 41, name: 'C', parent: 4, type: 'EXPERIENCE_POINT' },
];

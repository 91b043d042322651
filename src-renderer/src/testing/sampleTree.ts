// For renderer tests: a small experience-point tree, with a name that looks like markup on purpose.
import type { TreeItem } from '#shared/contract.ts';

export const sampleTree: TreeItem[] = [
  { experiencePointId: 6, name: 'Kiosk', parent: 3, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 1, name: 'Acme', parent: null, type: 'GROUP' },
  { experiencePointId: 3, name: 'South', parent: 1, type: 'GROUP' },
  { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
  { experiencePointId: 5, name: 'Store B', parent: 2, type: 'EXPERIENCE_POINT' },
  {
    experiencePointId: 4,
    name: '<img src=x onerror="window.pwned=1">Store A',
    parent: 2,
    type: 'EXPERIENCE_POINT',
  },
];

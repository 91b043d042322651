// English messages of the analyst's notes (annotations) under the time charts (merged into en.ts).
export const enAnnotations = {
  annotations: {
    title: 'Notes',
    wholeTree: 'whole tree',
    change: '{before} → {after}: {change} (95% {low} to {high})',
    noEstimate: 'no presses at the same weekday and hour on both sides: no estimate',
    hint: 'Before: the 4 weeks before, weighted to the weekday × hour mix after.',
  },
} as const;

// English messages of the anomalies: the "Unusual in this period" list and the markers on trends (merged into en.ts).
export const enAnomalies = {
  anomalies: {
    title: 'Unusual in this period',
    none: 'Nothing unusual: every day (and busy hour) stayed near its usual level for that weekday.',
    tested: '{tests} days and hours tested against the same weekday of the 8 weeks before.',
    more: 'Show {n} more',
    worse: 'Worse than usual',
    better: 'Better than usual',
    negativeShare: 'Red answers {value} (usually {baseline})',
    happyIndex: 'Happy Index {value} (usually {baseline})',
    meta: '{presses} presses · z {z}',
    hour: '{day}, {hour}:00–{hour}:59',
    why: 'Why?',
    hideWhy: 'Hide',
    reasons: 'Chosen after a red answer that day',
    highlights: 'Chosen after a green answer that day',
    noReasons: 'No follow-up answers that day.',
    comments: 'Comments of that day',
    marker: '{name}: {what}',
    markerWorse: 'unusually bad',
    markerBetter: 'unusually good',
  },
} as const;

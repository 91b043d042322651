// A hand-made world fixture of one terminal at one experience point (for tests that compute its answers by hand):
// the company, the point in its zone, one question and survey, one assignment and smiley, and the presses given.

export interface OneTerminalOptions {
  now: string;
  pointName: string;
  zone: string;
  locale: string;
  questionText: string;
  /** The survey's running period (local dates). */
  period: { startDate: string; endDate: string };
  /** The presses: times (ISO text or epoch ms), buttons and flag bits, one entry per press. */
  presses: { time: (string | number)[]; button: number[]; flags: number[] };
}

/** The fixture (format 1): point 2 under company 1, question 10, survey 20, assignment 30, smiley 40. */
export function oneTerminalFixture(o: OneTerminalOptions) {
  return {
    format: 'feedback-desk-world',
    version: 1,
    seed: 3,
    now: o.now,
    tree: [
      { id: 1, name: 'Company', parentId: null, type: 'GROUP' },
      { id: 2, name: o.pointName, parentId: 1, type: 'EXPERIENCE_POINT', experiencePoint: { zone: o.zone } },
    ],
    questions: [
      { id: 10, defaultLocale: o.locale, localizations: [{ locale: o.locale, text: o.questionText }] },
    ],
    surveys: [{ id: 20, questionId: 10, scale: 'four', periods: [o.period] }],
    assignments: [{ key: 30, experiencePointId: 2, surveyId: 20, kind: 'TERMINAL' }],
    smileys: [{ id: 40, name: 'Terminal', type: 'SMILEY_TERMINAL', assignmentKey: 30 }],
    presses: { ...o.presses, smileyId: o.presses.time.map(() => 40) },
  };
}

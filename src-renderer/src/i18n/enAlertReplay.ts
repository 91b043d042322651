// English messages of the alert replay and "what if" section of the Alerts view (merged into en.ts).
export const enAlertReplay = {
  alertReplay: {
    title: 'Replay the alert rules over the history',
    intro:
      'Each specification evaluated again over the stored presses, by the rule the service documents, and matched with the alerts it raised (same specification, beginning within one window).',
    agreement:
      '{matched} of {service} service alerts matched ({share}); {replayed} replayed, {extra} against the number the service raised.',
    table: 'Agreement per specification',
    spec: 'Specification',
    type: 'Type',
    place: 'Experience point',
    configured: 'Configured',
    service: 'Service',
    replayed: 'Replayed',
    matched: 'Matched',
    problem: 'cannot be replayed',
    whatIf: 'What if',
    choose: 'Specification',
    option: '{id} · {type} · {place}',
    threshold: 'Threshold',
    countThreshold: 'Count threshold',
    inputsHint: 'Empty fields keep the configured values (shown greyed).',
    windowMin: 'Window (minutes)',
    configuredValue: 'Configured: {value} (empty: the configured value)',
    reset: 'Back to the configured values',
    result:
      'With {rule}: {replayed} alerts would have fired; the service raised {service} ({matched} begin within one window of one).',
    timeline: 'Alerts per week: replayed against the service',
    replayedSeries: 'Replayed',
    serviceSeries: 'Raised by the service',
    none: 'No alert specification is stored: sync the alert specifications first.',
  },
} as const;

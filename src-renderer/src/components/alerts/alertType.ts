// An alert's type in words: the types the service documents are translated; a newer one is shown as it was sent.
const known = ['negative', 'indexThreshold', 'feedbackCount'] as const;

/** "Negative feedback" for 'negative', …; any other type (the service may add some) as the service sent it. */
export function alertTypeLabel(type: string, t: (key: string) => string): string {
  const k = known.find((x) => x === type);
  return k ? t(`alerts.types.${k}`) : type;
}

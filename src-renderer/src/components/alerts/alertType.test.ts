// Alert types in words through the app's real vue-i18n messages; a type the app does not know stays as sent.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../i18n/index.ts';
import { alertTypeLabel } from './alertType.ts';

const { t } = createAppI18n().global;

describe('alertTypeLabel', () => {
  it('says the documented types in words', () => {
    expect(alertTypeLabel('negative', t)).toBe('Negative feedback');
    expect(alertTypeLabel('indexThreshold', t)).toBe('Index threshold');
    expect(alertTypeLabel('feedbackCount', t)).toBe('Feedback count');
  });
  it('shows a newer or unknown type as the service sent it, never a message key', () => {
    expect(alertTypeLabel('responseRate', t)).toBe('responseRate');
    expect(alertTypeLabel('types', t)).toBe('types');
    expect(alertTypeLabel('constructor', t)).toBe('constructor');
  });
});

// The platform messages below were captured from keytar 7.9 + gnome-keyring 42 on Debian 12 (the integration
// tests in test/integration/credentials*.test.ts produce them for real); here we pin the mapping to sentences.
import { describe, expect, it } from 'vitest';
import { CredentialError } from './credentialStore.ts';
import { keychainFailure, keychainSentences } from './keychainFailures.ts';

describe('keychainFailure', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-bus'],
    ['Could not connect: No such file or directory', 'no-bus'],
    [
      'Error spawning command line “dbus-launch --autolaunch=3d12 --binary-syntax --close-stderr”: Child process exited with code 1',
      'no-bus',
    ],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-service'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
  ] as const)('turns %j into the %s sentence', (raw, failure) => {
    const error = keychainFailure(new Error(raw));
    expect(error).toBeInstanceOf(CredentialError);
    expect(error.failure).toBe(failure);
    expect(error.message).toBe(keychainSentences[failure]);
    expect(error.message).not.toContain('\n');
  });

  it('passes unknown platform text on, with the secret blanked out', () => {
    const error = keychainFailure(new Error('weird failure storing hunter2 today'), 'hunter2');
    expect(error.failure).toBe('failed');
    expect(error.message).toBe('The OS keychain refused the request (weird failure storing *** today).');
    expect(error.cause).toBeUndefined();
  });

  it('keeps a CredentialError as it is', () => {
    const original = new CredentialError('already clear', 'locked');
    expect(keychainFailure(original)).toBe(original);
  });
});

// Where no Secret Service answers (a private D-Bus session without one): chooseCredentialStore falls back to the
// injected encrypted file (the desktop's safeStorage) or, without one, to this session's memory — and says which.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCredentialStore } from '../../src-main/credentials/chooseStore.ts';
import { createEncryptedFileStore } from '../../src-main/credentials/encryptedFileStore.ts';
import { createKeytarStore } from '../../src-main/credentials/keytarStore.ts';
import { startPrivateSession, type PrivateSession } from './credentialsKeyring.ts';

let session: PrivateSession;
let dir: string;
const key = randomBytes(32);
/** AES-GCM from node:crypto in place of safeStorage's encryptString/decryptString (same shape). */
const cipher = {
  encrypt(plain: string): Buffer {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]);
  },
  decrypt(blob: Buffer): string {
    const d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
    d.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString('utf8');
  },
};

beforeAll(async () => {
  session = await startPrivateSession('no-secret-service');
  process.env.DBUS_SESSION_BUS_ADDRESS = session.address;
  dir = mkdtempSync(join(tmpdir(), 'fd-fallback-'));
});
afterAll(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('credentials without a Secret Service', () => {
  it('uses the encrypted file when the desktop offers one, and says so', async () => {
    const path = join(dir, 'secrets.enc.json');
    const chosen = await chooseCredentialStore({
      keychain: createKeytarStore({ service: 'feedback-desk-test-fallback' }),
      encryptedFile: () =>
        createEncryptedFileStore({ path, cipher, description: 'an encrypted file (test)' }),
    });
    expect(chosen.info).toEqual({
      kind: 'encrypted-file',
      description: 'an encrypted file (test)',
      note: 'The OS keychain cannot be reached because no Secret Service (such as GNOME Keyring or KWallet) runs in this desktop session. Secrets are kept in an encrypted file (test) instead, encrypted by the operating system.',
    });
    await chosen.store.set('profile:Acme:v2-token', 'fallback-secret-789');
    expect(await chosen.store.get('profile:Acme:v2-token')).toBe('fallback-secret-789');
    expect(readFileSync(path, 'utf8')).not.toContain('fallback-secret-789');
  });

  it('keeps secrets for this session only where there is no fallback (web mode, CLI), and says so plainly', async () => {
    const chosen = await chooseCredentialStore({
      keychain: createKeytarStore({ service: 'feedback-desk-test-fallback' }),
    });
    expect(chosen.info.kind).toBe('session');
    expect(chosen.info.note).toMatch(
      /no Secret Service .* Secrets are kept in memory for this session only: you will be asked for them again next time\.$/,
    );
  });
});

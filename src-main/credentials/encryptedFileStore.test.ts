// The encrypted-file credential store with a real cipher (AES-256-GCM from node:crypto standing in for Electron's
// safeStorage, which is the same encrypt/decrypt pair): round trip, nothing readable in the file, damage said plainly.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialError } from './credentialStore.ts';
import { createEncryptedFileStore, type SecretCipher } from './encryptedFileStore.ts';

function aesCipher(key = randomBytes(32)): SecretCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(blob) {
      const d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
      d.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

const dirs: string[] = [];
const file = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'fd-secrets-'));
  dirs.push(d);
  return join(d, 'secrets.enc.json');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('encrypted-file credential store', () => {
  it('keeps secrets encrypted in its file and gives them back', async () => {
    const path = file();
    const store = createEncryptedFileStore({ path, cipher: aesCipher() });
    expect(await store.get('profile:Acme:v2-token')).toBeNull();
    await store.set('profile:Acme:v2-token', 'secret-v2-ÄÖ-123');
    await store.set('profile:Acme:v1', '{"clientId":"c","token":"secret-v1-456"}');
    expect(await store.get('profile:Acme:v2-token')).toBe('secret-v2-ÄÖ-123');
    const raw = readFileSync(path, 'utf8');
    expect(raw).not.toContain('secret-v2');
    expect(raw).not.toContain('secret-v1');
    expect(Object.keys(JSON.parse(raw) as object)).toEqual(['profile:Acme:v2-token', 'profile:Acme:v1']);
    expect(await store.delete('profile:Acme:v2-token')).toBe(true);
    expect(await store.delete('profile:Acme:v2-token')).toBe(false);
    expect(await store.delete('profile:Acme:v1')).toBe(true);
    expect(existsSync(path)).toBe(false); // the last secret gone, the file goes too
  });

  it('says so in one sentence when the file is damaged or was encrypted elsewhere', async () => {
    const path = file();
    await createEncryptedFileStore({ path, cipher: aesCipher() }).set('a', 'secret-x');
    const otherKey = createEncryptedFileStore({ path, cipher: aesCipher() });
    await expect(otherKey.get('a')).rejects.toThrow(CredentialError);
    await expect(otherKey.get('a')).rejects.toThrow(
      /could not be decrypted .* store the credentials again\.$/,
    );
    writeFileSync(path, '{ damaged');
    await expect(otherKey.get('a')).rejects.toThrow(
      /is unreadable; remove it and store the credentials again\.$/,
    );
  });
});

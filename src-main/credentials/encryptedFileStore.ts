// A CredentialStore of OS-encrypted blobs in one file (Electron's safeStorage in the desktop app, injected as an
// encrypt/decrypt pair): the fallback where no Secret Service answers. Beside the profiles, never in SQLite.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CredentialError } from './credentialStore.ts';
import type { CredentialStore } from './credentialStore.ts';

/** The two methods of Electron's safeStorage this store needs (so it runs and is tested in plain Node). */
export interface SecretCipher {
  encrypt(plain: string): Buffer;
  decrypt(blob: Buffer): string;
}

export interface EncryptedFileStoreOptions {
  path: string;
  cipher: SecretCipher;
  /** For messages, e.g. 'the encrypted file (Electron safeStorage, kwallet5)'. */
  description?: string;
}

type Blobs = Record<string, string>; // account → base64 of the encrypted bytes

export function createEncryptedFileStore(options: EncryptedFileStoreOptions): CredentialStore {
  const { path, cipher } = options;
  const description = options.description ?? `an encrypted file (${path})`;

  function read(): Blobs {
    if (!existsSync(path)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch (error) {
      throw new CredentialError(
        `The encrypted secrets file ${path} is unreadable; remove it and store the credentials again.`,
        'failed',
        { cause: error },
      );
    }
  }

  function write(blobs: Blobs): void {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(blobs, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, path);
  }

  return {
    description,
    async get(account) {
      const blob = read()[account];
      if (blob === undefined) return null;
      try {
        return cipher.decrypt(Buffer.from(blob, 'base64'));
      } catch (error) {
        throw new CredentialError(
          `A secret in ${path} could not be decrypted (was it written by another user or machine?); store the credentials again.`,
          'failed',
          { cause: error },
        );
      }
    },
    async set(account, secret) {
      const blobs = read();
      blobs[account] = cipher.encrypt(secret).toString('base64');
      write(blobs);
    },
    async delete(account) {
      const blobs = read();
      if (!(account in blobs)) return false;
      delete blobs[account];
      if (Object.keys(blobs).length === 0) rmSync(path, { force: true });
      else write(blobs);
      return true;
    },
  };
}

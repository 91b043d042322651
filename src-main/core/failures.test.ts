// Each failure sentence as the user reads it, written out by hand: what happened, that nothing was lost, what to do.
// The integration tests (test/integration/failures-*.test.ts) check that the CLI and the app say exactly these.
import { describe, expect, it } from 'vitest';
import { describeStoreFailure, failures, whyNotReadable, whyNotWritable } from './failures.ts';

const sqlite = (code: string): Error => Object.assign(new Error(code), { code });

describe('failure sentences', () => {
  it('say the lock, a full disk, a busy file and a read-only one', () => {
    expect(failures.syncLocked('/d/s.sqlite', { pid: 7, host: 'h', startedAt: 't' })).toBe(
      'Another sync is already writing to /d/s.sqlite (process 7 on h, started t). Wait for it to finish or stop it, then try again; two syncs never write to one file at once.',
    );
    expect(failures.diskFull('/d/s.sqlite')).toBe(
      'The disk holding /d/s.sqlite is full, so the sync stopped; everything stored before it is kept and the file is consistent. Make room on that disk, then run the sync again: it goes on where it stopped.',
    );
    expect(failures.storeBusy(null)).toBe(
      'Another program was writing to the local data file for too long, so this one stopped without changing anything. Try again in a moment; if it keeps happening, close the other Feedback Desk windows or syncs that use the file.',
    );
    expect(failures.readOnly('/d/s.sqlite', 'it is on a read-only disk')).toBe(
      '/d/s.sqlite can only be read here (it is on a read-only disk): the views and queries work, but a sync cannot write to it, and nothing in it was changed. To sync, make the file and its folder writable for you, or copy the file to a writable folder and sync that copy (--db).',
    );
  });

  it('say damage, and what a rebuild did or could not do', () => {
    expect(failures.damaged(null)).toBe(
      "The local file is damaged; nothing has been deleted. Rebuild it from the service: 'Rebuild the local data' in the app, or 'feedback-desk sync --rebuild' (the damaged file is set aside, never deleted, and everything is synced again).",
    );
    expect(failures.setAside('/d/s.sqlite', '/d/s.sqlite.damaged-x')).toBe(
      'The local file /d/s.sqlite was damaged; it was set aside as /d/s.sqlite.damaged-x (nothing deleted), and a new one is filled from the service.',
    );
    expect(failures.rebuildNotNeeded('/d/s.sqlite', 1.25)).toBe(
      'The local file /d/s.sqlite is sound (checked in 1.3 s), so nothing was set aside; a normal sync keeps it up to date.',
    );
    expect(failures.cannotSetAside('/d/s.sqlite', 'it is on a read-only disk')).toBe(
      'The local file /d/s.sqlite is damaged, but it could not be set aside (it is on a read-only disk); nothing was changed. Make its folder writable, or move the file away yourself, then rebuild again.',
    );
    expect(failures.cannotCheck('/d/s.sqlite', 'you may not read it')).toBe(
      '/d/s.sqlite could not be checked (you may not read it), so nothing was set aside and nothing changed. Check that the file is readable for you, or give another data file with --db.',
    );
  });

  it("turn SQLite's and the file system's codes into the file's sentence, and leave others alone", () => {
    expect(describeStoreFailure(sqlite('SQLITE_CORRUPT'), '/d/s.sqlite')).toBe(
      failures.damaged('/d/s.sqlite'),
    );
    expect(describeStoreFailure(sqlite('SQLITE_CORRUPT_INDEX'), null)).toBe(failures.damaged(null));
    expect(describeStoreFailure(sqlite('SQLITE_NOTADB'), null)).toBe(failures.damaged(null));
    expect(describeStoreFailure(sqlite('SQLITE_FULL'), '/x')).toBe(failures.diskFull('/x'));
    expect(describeStoreFailure(sqlite('ENOSPC'), '/x')).toBe(failures.diskFull('/x'));
    expect(describeStoreFailure(sqlite('SQLITE_BUSY'), '/x')).toBe(failures.storeBusy('/x'));
    expect(describeStoreFailure(sqlite('SQLITE_READONLY_DIRECTORY'), '/x')).toBe(
      failures.readOnly('/x', 'the file or its folder is read-only'),
    );
    expect(describeStoreFailure(sqlite('EROFS'), '/x')).toBe(
      failures.readOnly('/x', 'it is on a read-only disk'),
    );
    expect(describeStoreFailure(new Error('boom'), '/x')).toBeNull();
    expect(whyNotWritable(sqlite('EACCES'))).toBe('you may not write to its folder or to the file');
    expect(whyNotReadable(sqlite('EACCES'))).toBe('you may not read it');
    expect(whyNotReadable(sqlite('EISDIR'))).toBe('it is a folder');
  });
});

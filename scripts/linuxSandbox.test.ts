// npm start on Linux: whether Electron's sandbox can start, from the kernel settings, chrome-sandbox and AppArmor.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profilePaths, readSandboxFacts, sandboxProblem, type SandboxFacts } from './linuxSandbox.ts';

const helper = '/p/node_modules/electron/dist/chrome-sandbox';
const ubuntu: SandboxFacts = {
  restrictUserns: '1\n',
  usernsClone: null,
  helper: { uid: 1000, mode: 0o100755 },
  profiled: false,
};

describe('sandboxProblem', () => {
  it('Ubuntu 23.10+ with a plain chrome-sandbox: says why and the two commands that allow it', () => {
    expect(sandboxProblem(ubuntu, helper)).toBe(
      "Electron cannot start its sandbox: AppArmor restricts unprivileged user namespaces here (Ubuntu 23.10 and later) and /p/node_modules/electron/dist/chrome-sandbox is not set-user-ID root; once (again after each npm ci): sudo chown root:root '/p/node_modules/electron/dist/chrome-sandbox' && sudo chmod 4755 '/p/node_modules/electron/dist/chrome-sandbox' (or an AppArmor profile, see docs/PACKAGING.md)",
    );
  });

  it('a kernel that turns user namespaces off (Debian) is named as such', () => {
    expect(sandboxProblem({ ...ubuntu, restrictUserns: null, usernsClone: '0\n' }, helper)).toContain(
      'unprivileged user namespaces are turned off here (kernel.unprivileged_userns_clone = 0)',
    );
  });

  it('nothing to say: no restriction, a set-user-ID root helper, or a profile naming the binary', () => {
    expect(sandboxProblem({ ...ubuntu, restrictUserns: '0\n' }, helper)).toBeNull();
    expect(sandboxProblem({ ...ubuntu, restrictUserns: null, usernsClone: '1\n' }, helper)).toBeNull();
    expect(sandboxProblem({ ...ubuntu, helper: { uid: 0, mode: 0o104755 } }, helper)).toBeNull();
    expect(sandboxProblem({ ...ubuntu, profiled: true }, helper)).toBeNull();
    // set-user-ID but not owned by root does not help; root-owned without the bit neither
    expect(sandboxProblem({ ...ubuntu, helper: { uid: 1000, mode: 0o104755 } }, helper)).not.toBeNull();
    expect(sandboxProblem({ ...ubuntu, helper: { uid: 0, mode: 0o100755 } }, helper)).not.toBeNull();
  });
});

describe('profilePaths', () => {
  it('reads the paths a profile attaches to, with AppArmor globs: * within a folder, ** across folders', () => {
    const [exact, any] = profilePaths(
      'abi <abi/4.0>,\nprofile dev /home/me/p/node_modules/electron/dist/electron flags=(unconfined) {\n  userns,\n}\n' +
        'profile all "/home/*/**/electron" {\n}\n',
    );
    expect(exact?.test('/home/me/p/node_modules/electron/dist/electron')).toBe(true);
    expect(exact?.test('/home/me/q/node_modules/electron/dist/electron')).toBe(false);
    expect(any?.test('/home/you/work/x/node_modules/electron/dist/electron')).toBe(true);
    expect(any?.test('/opt/x/electron')).toBe(false);
  });
});

describe('readSandboxFacts', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the kernel settings, the helper’s owner and mode, and profiles naming the binary, from real files', () => {
    dir = mkdtempSync(join(tmpdir(), 'fd-sandbox-'));
    const sysctl = join(dir, 'sysctl');
    const apparmor = join(dir, 'apparmor.d');
    const dist = join(dir, 'dist');
    for (const d of [sysctl, apparmor, dist]) mkdirSync(d);
    const binary = join(dist, 'electron');
    writeFileSync(binary, '');
    writeFileSync(join(dist, 'chrome-sandbox'), '');
    chmodSync(join(dist, 'chrome-sandbox'), 0o4755);
    writeFileSync(join(sysctl, 'apparmor_restrict_unprivileged_userns'), '1\n');
    const places = { sysctl, apparmor };

    const facts = readSandboxFacts(binary, places);
    expect(facts.restrictUserns).toBe('1\n');
    expect(facts.usernsClone).toBeNull();
    expect((facts.helper?.mode ?? 0) & 0o7777).toBe(0o4755);
    expect(facts.helper?.uid).toBe(process.getuid?.());
    expect(facts.profiled).toBe(false);

    writeFileSync(
      join(apparmor ?? '', 'electron-dev'),
      `profile electron-dev ${binary} flags=(unconfined) {\n  userns,\n}\n`,
    );
    expect(readSandboxFacts(binary, places).profiled).toBe(true);
    writeFileSync(join(apparmor, 'electron-dev'), `profile electron-dev ${dir}/*/electron {\n  userns,\n}\n`);
    expect(readSandboxFacts(binary, places).profiled).toBe(true);
    writeFileSync(join(apparmor, 'electron-dev'), 'profile other /usr/bin/other {\n}\n');
    expect(readSandboxFacts(binary, places).profiled).toBe(false);
  });
});

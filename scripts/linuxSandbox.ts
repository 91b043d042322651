// Whether Electron's Chromium sandbox can start on this Linux machine, for `npm start`: where it cannot, Electron
// aborts at once, so npm start says why and how to allow it, and opens web mode (never the app without its sandbox).
import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SandboxFacts {
  /** kernel.apparmor_restrict_unprivileged_userns: '1' on Ubuntu 23.10 and later; null where the kernel has none. */
  restrictUserns: string | null;
  /** kernel.unprivileged_userns_clone: '0' where a (Debian) kernel turns unprivileged user namespaces off. */
  usernsClone: string | null;
  /** chrome-sandbox beside the binary (its owner and mode), null where it is missing. */
  helper: { uid: number; mode: number } | null;
  /** Some AppArmor profile names the Electron binary (one written for development, as docs/PACKAGING.md shows). */
  profiled: boolean;
}

/** One clause saying what keeps the sandbox from starting and what to do once, or null when nothing does. */
export function sandboxProblem(facts: SandboxFacts, helperPath: string): string | null {
  const helperReady = facts.helper !== null && facts.helper.uid === 0 && (facts.helper.mode & 0o4000) !== 0;
  if (helperReady || facts.profiled) return null;
  const why =
    facts.restrictUserns?.trim() === '1'
      ? 'AppArmor restricts unprivileged user namespaces here (Ubuntu 23.10 and later)'
      : facts.usernsClone?.trim() === '0'
        ? 'unprivileged user namespaces are turned off here (kernel.unprivileged_userns_clone = 0)'
        : null;
  if (why === null) return null;
  return (
    `Electron cannot start its sandbox: ${why} and ${helperPath} is not set-user-ID root; ` +
    `once (again after each npm ci): sudo chown root:root '${helperPath}' && sudo chmod 4755 '${helperPath}'` +
    ' (or an AppArmor profile, see docs/PACKAGING.md)'
  );
}

/** The absolute paths a profile names (`profile name /path/** {`, `"/a path" {`), AppArmor's * and ** as globs. */
export function profilePaths(text: string): RegExp[] {
  const paths = [...text.matchAll(/(?:^|\s)"?(\/[^\s"{]*)"?/g)].map((m) => m[1] ?? '');
  return paths.map(
    (path) =>
      new RegExp(
        `^${path
          .split('**')
          .map((part) =>
            part
              .split('*')
              .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
              .join('[^/]*'),
          )
          .join('.*')}$`,
      ),
  );
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The facts above from this machine; `places` lets a test point at its own folders. */
export function readSandboxFacts(
  electronBinary: string,
  places: { sysctl: string; apparmor: string } = { sysctl: '/proc/sys/kernel', apparmor: '/etc/apparmor.d' },
): SandboxFacts {
  const stat = statSync(join(dirname(electronBinary), 'chrome-sandbox'), { throwIfNoEntry: false });
  const helper = stat ? { uid: stat.uid, mode: stat.mode } : null;
  const names = new Set([electronBinary]);
  try {
    names.add(realpathSync(electronBinary));
  } catch {
    // a binary that is not there: only its given path can be named
  }
  let profiled = false;
  try {
    for (const entry of readdirSync(places.apparmor, { withFileTypes: true }))
      if (entry.isFile()) {
        const paths = profilePaths(readOrNull(join(places.apparmor, entry.name)) ?? '');
        if (paths.some((glob) => [...names].some((name) => glob.test(name)))) profiled = true;
      }
  } catch {
    profiled = false;
  }
  return {
    restrictUserns: readOrNull(join(places.sysctl, 'apparmor_restrict_unprivileged_userns')),
    usernsClone: readOrNull(join(places.sysctl, 'unprivileged_userns_clone')),
    helper,
    profiled,
  };
}

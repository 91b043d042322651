// Throwaway D-Bus sessions for the keychain tests: a real gnome-keyring (unlocked or locked), or a bus with no
// Secret Service at all. Each lives as long as the test keeps its stdin open, so nothing outlives the test run.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type KeyringState = 'unlocked' | 'locked' | 'no-secret-service';

export interface PrivateSession {
  /** DBUS_SESSION_BUS_ADDRESS of the private bus. */
  address: string;
  /** The temp folder used as XDG_DATA_HOME and HOME of the keyring daemon (its keyrings/ live here). */
  home: string;
  close(): Promise<void>;
}

// A session bus that knows no .service files, so nothing can be activated on demand (Debian's own session
// config would start gnome-keyring by activation and hide the "no Secret Service" case).
const bareBusConfig = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`;

const daemonStart: Record<KeyringState, string> = {
  // The documented recipe: a password on stdin creates and unlocks the login keyring.
  unlocked: 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1',
  // Started without a password: the service answers, but the login collection does not exist.
  locked: 'gnome-keyring-daemon --components=secrets </dev/null >/dev/null 2>&1',
  'no-secret-service': 'true',
};

/** The environment minus an X display, so nothing can fall back to autolaunching a bus or a prompter. */
export function withoutDisplay(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DISPLAY: _display, DBUS_SESSION_BUS_ADDRESS: _bus, ...rest } = env;
  return rest;
}

export async function startPrivateSession(state: KeyringState): Promise<PrivateSession> {
  const home = await mkdtemp(join(tmpdir(), 'feedback-desk-keyring-'));
  const args: string[] = [];
  if (state === 'no-secret-service') {
    const config = join(home, 'bus.conf');
    await writeFile(config, bareBusConfig);
    args.push(`--config-file=${config}`);
  }
  const script = `${daemonStart[state]}; echo "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null`;
  const child = spawn('dbus-run-session', [...args, '--', 'sh', '-c', script], {
    env: { ...withoutDisplay(process.env), XDG_DATA_HOME: home, HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`dbus-run-session exited (${code}) before starting: ${stderr}`)),
    );
  });
  return {
    address,
    home,
    async close() {
      child.stdin.end(); // cat ends, dbus-run-session stops the bus, the keyring daemon leaves with it
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}

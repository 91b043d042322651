// Where Feedback Desk keeps its files: one data folder per user, shared by the desktop app, web mode and the CLI.
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `FEEDBACK_DESK_DATA_DIR` wins; otherwise the platform's per-user application-data folder. */
export function dataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.FEEDBACK_DESK_DATA_DIR) return env.FEEDBACK_DESK_DATA_DIR;
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Feedback Desk');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Feedback Desk');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'feedback-desk');
}

/** The default local store: one SQLite file per connection profile. */
export function defaultStorePath(profile = 'default', env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), `${profile}.sqlite`);
}

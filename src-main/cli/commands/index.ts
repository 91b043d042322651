// Every CLI command, in the order `--help` lists them. Each lives in its own module beside this one.
import type { CliCommand } from '../command.ts';
import { emulator } from './emulator.ts';
import { exportCommand } from './export.ts';
import { login } from './login.ts';
import { profiles } from './profiles.ts';
import { query } from './query.ts';
import { serve } from './serve.ts';
import { status } from './status.ts';
import { sync } from './sync.ts';

export const commands: CliCommand[] = [emulator, login, profiles, sync, status, query, exportCommand, serve];

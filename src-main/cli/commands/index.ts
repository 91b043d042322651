// Every CLI command, in the order `--help` lists them. Each lives in its own module beside this one.
import type { CliCommand } from '../command.ts';
import { login } from './login.ts';

export const commands: CliCommand[] = [login];

// After the whole e2e run: removes the run's synced demo (demoTemplate.ts), whichever spec made it.
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.FD_E2E_DEMO_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}

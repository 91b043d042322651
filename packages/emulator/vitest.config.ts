// The emulator's unit tests: project `emulator` of the repository's vitest run, or `npx vitest run` in this folder.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'emulator', environment: 'node', include: ['src/**/*.test.ts'] },
});

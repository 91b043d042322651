// Emulator throughput benchmark; the code lives with the emulator.
export { run } from '../packages/emulator/bench/emulator.ts';

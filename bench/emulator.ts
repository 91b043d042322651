// Emulator throughput benchmark; the code lives with the emulator.
export { run } from '../src-main/emulator/bench.ts';

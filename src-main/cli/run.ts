// Entry of the built command line (out/main/cli.js, a build entry beside the desktop main): runs `main()`.
import { main } from './index.ts';

await main();

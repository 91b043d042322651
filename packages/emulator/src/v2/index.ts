// The v2 router of one running emulator: identities and the cursor cache live as long as the server.
import { v2Identities } from '../http/identities.ts';
import type { Router } from '../http/server.ts';
import type { World } from '../world/types.ts';
import { CursorCache } from './feedbackScan.ts';
import { routeV2 } from './router.ts';

export function createV2Router(world: World): Router {
  const identities = v2Identities(world);
  const cursors = new CursorCache();
  return (req) =>
    routeV2({ world, identities, cursors, headers: req.headers, url: req.url, origin: req.origin });
}

import type { HallDeps } from '../deps.ts';
import { armOpenHalls, disarm } from './close.ts';

/** When the app is ready: the hub listens, and a timer is set for every open hall. */
export async function startNode(deps: HallDeps): Promise<void> {
  const { hub } = deps;
  await hub.start();
  await armOpenHalls(deps);
}

/** Before the app closes: no more timers, the streams ended, the work under way waited for, the hub closed. */
export async function stopNode(deps: HallDeps): Promise<void> {
  const { hub, node } = deps;
  node.isStopped = true;
  for (const id of [...node.timers.keys()]) disarm(deps, id);
  for (const set of node.watchers.values()) {
    for (const watcher of set) watcher.end?.();
  }
  node.watchers.clear();
  await Promise.allSettled([...node.running]);
  await hub.close();
}

// The halls' watchers on this node (the SSE streams): a signal from any node (events.ts) sets this node's close
// timer to the hall's new end and pushes the hall, read once, to the hall's watchers here.
import { BIDDING_EVENTS, type BiddingHallEvent } from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import type { BiddingStream, HallDeps, Watcher } from '../deps.ts';
import type { BiddingSignal } from '../events.ts';
import { load, toEvent } from '../hall.ts';
import { arm, armOpenHalls, disarm } from './close.ts';
import { loadVisible } from './read.ts';

/** One server-sent event: its name, the hall's version as its id, the hall as JSON. */
function formatEvent(name: string, hall: BiddingHallEvent): string {
  return `event: ${name}\nid: ${hall.version}\ndata: ${JSON.stringify(hall)}\n\n`;
}

/** Each newer version once; what comes before the watcher attached waits for it. */
function deliver(watcher: Watcher, version: number, chunk: string): void {
  if (version <= watcher.version) return;
  if (watcher.write === undefined) {
    watcher.pending.push({ version, chunk });
    return;
  }
  watcher.version = version;
  watcher.write(chunk);
}

/** Reads the hall once and writes it to this node's watchers; signals during the read cause one more read. */
async function pushLatest(deps: HallDeps, id: number): Promise<void> {
  const { db, clock, node } = deps;
  const state = node.pushing.get(id);
  if (state !== undefined) {
    state.isAgain = true;
    return;
  }
  const current = { isAgain: true };
  node.pushing.set(id, current);
  try {
    while (current.isAgain) {
      current.isAgain = false;
      const set = node.watchers.get(id);
      if (set === undefined || set.size === 0) break;
      const loaded = await load(db, id);
      if (loaded === undefined) break;
      const hall = toEvent(loaded, clock.now());
      const chunk = formatEvent(
        hall.status === 'closed' && loaded.item.closedAt !== null ? BIDDING_EVENTS.close : BIDDING_EVENTS.bid,
        hall,
      );
      for (const watcher of set) deliver(watcher, hall.version, chunk);
    }
  } finally {
    node.pushing.delete(id);
  }
}

function onSignal(deps: HallDeps, signal: BiddingSignal): void {
  const { log, node } = deps;
  if (signal.isClosed) disarm(deps, signal.hallId);
  else arm(deps, signal.hallId, signal.endsAt);
  if (node.watchers.has(signal.hallId)) {
    pushLatest(deps, signal.hallId).catch((error: unknown) => {
      log.error({ err: error, biddingId: signal.hallId }, '网络竞价推送失败');
    });
  }
}

/** This node hears every node's signals, and catches up when the hub may have missed some. */
export function listenToHub(deps: HallDeps): void {
  const { log, hub, node } = deps;
  hub.setListener({
    onSignal: (signal) => onSignal(deps, signal),
    onResync: () => {
      armOpenHalls(deps).catch((error: unknown) => log.error({ err: error }, '网络竞价计时恢复失败'));
      for (const id of node.watchers.keys()) {
        pushLatest(deps, id).catch((error: unknown) =>
          log.error({ err: error, biddingId: id }, '网络竞价推送失败'),
        );
      }
    },
  });
}

/**
 * A watcher of the hall: registered before the hall is read, so no signal falls between the read and the
 * watch; its first event is the hall as read, the later ones each newer version.
 */
export async function openStream(deps: HallDeps, viewer: Viewer, id: number): Promise<BiddingStream> {
  const { clock, node } = deps;
  const watcher: Watcher = { version: 0, pending: [], write: undefined, end: undefined };
  let set = node.watchers.get(id);
  if (set === undefined) {
    set = new Set();
    node.watchers.set(id, set);
  }
  set.add(watcher);
  const stop = (): void => {
    const current = node.watchers.get(id);
    current?.delete(watcher);
    if (current?.size === 0) node.watchers.delete(id);
  };
  try {
    const hall = toEvent(await loadVisible(deps, viewer, id), clock.now());
    watcher.version = hall.version;
    return {
      first: formatEvent(BIDDING_EVENTS.hall, hall),
      attach: (write, end) => {
        watcher.write = write;
        watcher.end = end;
        for (const pending of watcher.pending.splice(0)) deliver(watcher, pending.version, pending.chunk);
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The number of streams this node serves (the bench reads it in its logs). */
export function watcherCount(deps: Pick<HallDeps, 'node'>): number {
  return [...deps.node.watchers.values()].reduce((sum, set) => sum + set.size, 0);
}

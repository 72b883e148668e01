// The homepage module answers the home page's counters. Each counter belongs to the module that owns its data
// (tasks, projects, messages) and is registered here by that module; a counter nobody provides yet is 0,
// because there is nothing of that kind to count.
import type { HomepageCounts } from '@cqjy/domain';
import type { SessionContext } from '../../platform/auth.ts';

export type HomepageCounterKey = keyof HomepageCounts;

/** Counts one kind of item visible to the signed-in operator. */
export type HomepageCounter = (session: SessionContext) => Promise<number>;

export type HomepageService = ReturnType<typeof createHomepageService>;

const COUNTER_KEYS: readonly HomepageCounterKey[] = ['todo', 'done', 'launch', 'projects', 'messages'];

export function createHomepageService() {
  const counters = new Map<HomepageCounterKey, HomepageCounter>();

  function registerCounter(key: HomepageCounterKey, counter: HomepageCounter): void {
    if (counters.has(key)) throw new Error(`首页计数 ${key} 已有提供者`);
    counters.set(key, counter);
  }

  async function count(session: SessionContext): Promise<HomepageCounts> {
    const values = await Promise.all(
      COUNTER_KEYS.map(async (key) => [key, (await counters.get(key)?.(session)) ?? 0] as const),
    );
    return Object.fromEntries(values) as HomepageCounts;
  }

  return { registerCounter, count };
}

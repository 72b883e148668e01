// The platform's parts a module may be given: the database, the configuration, the clock, the log and the file
// storage. A module's deps type picks the ones it uses from here and names the other modules' services it needs
// by their own types, so no module depends on the composition root (module-deps.ts) above it.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Storage } from './storage.ts';

export type PlatformDeps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: Storage;
};

import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../errors';
import type { LockService } from '../locks/lock.service';
import { purgeExpired, type PurgeReport } from './purge';

/**
 * The server's scheduled work (jobs/scheduler.ts runs it on every node): the purge, and the expiry of
 * edit locks. ShowDoc ran its purge only when an outside cron called `ScriptCron/run` with a token; that
 * call still works when a token is configured.
 */
export class JobsService {
  constructor(
    private readonly em: EntityManager,
    private readonly locks: LockService,
    private readonly cronToken: string | undefined,
  ) {}

  purge(now = new Date()): Promise<PurgeReport> {
    return purgeExpired(this.em, now);
  }

  expireLocks(now = new Date()): Promise<number> {
    return this.locks.sweepExpired(now);
  }

  /**
   * ShowDoc's `ScriptCron/run`: the purge on demand, for the holder of CRON_TOKEN. Without a configured
   * token nobody may run it (ShowDoc fell back to a token baked into its code).
   */
  async runByCron(token: string, now = new Date()): Promise<PurgeReport> {
    if (!this.cronToken || !token || !sameSecret(this.cronToken, token))
      throw new DomainError('CronForbidden');
    return this.purge(now);
  }
}

function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(expected), digest(given));
}

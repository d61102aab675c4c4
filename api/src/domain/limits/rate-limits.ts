import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError, type CodeName } from '../errors';

/**
 * How many attempts a key may make in a window before it is refused, and how long a refusal may last.
 * Past the free attempts each further attempt doubles the wait (1 s, 2 s, 4 s ... up to the cap).
 */
export interface LimitRule {
  freeAttempts: number;
  windowSeconds: number;
  maxBlockSeconds: number;
}

/** A guessed secret is limited per client address and per thing guessed at (an account, an item). */
export interface GuessRule {
  address: LimitRule;
  target: LimitRule;
}

export interface RateLimitRules {
  login: GuessRule;
  /** The owner's login password confirming archive, transfer and delete of an item. */
  ownerPassword: GuessRule;
  /** The old password when changing one's password. */
  oldPassword: GuessRule;
  visitPassword: GuessRule;
  /** Per address only: nothing is guessed, but each one costs a row (and an account). */
  captcha: LimitRule;
  register: LimitRule;
  /** Requests one user sends through the HTTP console's server-side relay. */
  relay?: LimitRule;
  /** Writing-assistant requests per user (each one costs the site's AI account). */
  ai?: LimitRule;
}

/** 30 assistant requests a minute per user, then a growing wait up to five minutes. */
export const DEFAULT_AI_LIMIT: LimitRule = { freeAttempts: 30, windowSeconds: 60, maxBlockSeconds: 300 };

const HOUR = 3600;
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  login: {
    address: { freeAttempts: 30, windowSeconds: HOUR, maxBlockSeconds: HOUR },
    target: { freeAttempts: 5, windowSeconds: 15 * 60, maxBlockSeconds: 15 * 60 },
  },
  ownerPassword: {
    address: { freeAttempts: 30, windowSeconds: HOUR, maxBlockSeconds: HOUR },
    target: { freeAttempts: 5, windowSeconds: 15 * 60, maxBlockSeconds: 15 * 60 },
  },
  oldPassword: {
    address: { freeAttempts: 30, windowSeconds: HOUR, maxBlockSeconds: HOUR },
    target: { freeAttempts: 5, windowSeconds: 15 * 60, maxBlockSeconds: 15 * 60 },
  },
  visitPassword: {
    address: { freeAttempts: 30, windowSeconds: HOUR, maxBlockSeconds: HOUR },
    target: { freeAttempts: 20, windowSeconds: 15 * 60, maxBlockSeconds: 15 * 60 },
  },
  captcha: { freeAttempts: 120, windowSeconds: 10 * 60, maxBlockSeconds: 10 * 60 },
  register: { freeAttempts: 30, windowSeconds: HOUR, maxBlockSeconds: HOUR },
  relay: { freeAttempts: 60, windowSeconds: 60, maxBlockSeconds: 60 },
};

/** Where the counters live: this process's memory, or a Redis shared by every node. */
export type RateLimitStore = { kind: 'memory' } | { kind: 'redis'; client: Redis; prefix?: string };

/** One counted thing (login attempts of an address...): atomic counters, so parallel attempts all count. */
export class Throttle {
  private readonly counter: RateLimiterAbstract;
  private readonly blocks: RateLimiterAbstract;

  constructor(
    store: RateLimitStore,
    name: string,
    private readonly rule: LimitRule,
  ) {
    this.counter = limiter(store, name, rule.windowSeconds);
    this.blocks = limiter(store, `${name}:block`, rule.maxBlockSeconds);
  }

  /** Milliseconds the key still has to wait; 0 when it may try. */
  async waitMs(key: string): Promise<number> {
    const block = await this.blocks.get(key);
    return block ? Math.max(0, block.msBeforeNext) : 0;
  }

  /**
   * Counts one attempt (before the check it guards, so a burst cannot outrun the count) and answers how
   * many the key has made in this window, and how long it must wait when that is too many.
   */
  async count(key: string): Promise<{ attempts: number; waitMs: number }> {
    const attempts = (await this.counter.penalty(key, 1)).consumedPoints;
    const over = attempts - this.rule.freeAttempts;
    if (over <= 0) return { attempts, waitMs: 0 };
    const seconds = Math.min(2 ** Math.min(over - 1, 30), this.rule.maxBlockSeconds);
    await this.blocks.block(key, Math.max(1, seconds));
    return { attempts, waitMs: seconds * 1000 };
  }

  /** Counts one use by a client address, refusing it while the address has to wait. */
  async take(address: string): Promise<void> {
    const key = address || 'unknown';
    const waiting = await this.waitMs(key);
    if (waiting > 0) throw refusal('TooManyAttempts', waiting);
    const { waitMs } = await this.count(key);
    if (waitMs > 0) throw refusal('TooManyAttempts', waitMs);
  }

  /** A successful attempt does not count against the key. */
  async forgive(key: string): Promise<void> {
    await this.counter.reward(key, 1);
  }

  /** Forgets every attempt of the key, and any wait it was given. */
  async reset(key: string): Promise<void> {
    await this.counter.delete(key);
    await this.blocks.delete(key);
  }
}

/**
 * Guessing of one kind of secret. The address that keeps failing is slowed for every target; a target
 * (an account) under attack is slowed only for addresses that have been failing, so its real owner,
 * trying from an address with no failures, is never locked out by someone who knows the username.
 */
export class GuessLimiter {
  private readonly byAddress: Throttle;
  private readonly byTarget: Throttle;

  constructor(
    store: RateLimitStore,
    name: string,
    rule: GuessRule,
    private readonly refusalCode: CodeName,
  ) {
    this.byAddress = new Throttle(store, `${name}:address`, rule.address);
    this.byTarget = new Throttle(store, `${name}:target`, rule.target);
  }

  /**
   * Counts an attempt of `address` at `target` or refuses it. Call it before checking the secret, and
   * `succeeded()` on the answer once the secret was right.
   */
  async admit(target: string, address: string): Promise<{ succeeded(): Promise<void> }> {
    const addressKey = address || 'unknown';
    await this.refuseWhileWaiting(await this.byAddress.waitMs(addressKey));
    const fromAddress = await this.byAddress.count(addressKey);
    await this.refuseWhileWaiting(fromAddress.waitMs);
    const cleanAddress = fromAddress.attempts === 1;
    if (!cleanAddress) await this.refuseWhileWaiting(await this.byTarget.waitMs(target));
    const atTarget = await this.byTarget.count(target);
    if (!cleanAddress) await this.refuseWhileWaiting(atTarget.waitMs);
    return {
      // The secret's holder proved it: the target's count starts again (as ShowDoc's lock did), while
      // the address keeps its other failures and only this attempt is taken back.
      succeeded: async () => {
        await this.byAddress.forgive(addressKey);
        await this.byTarget.reset(target);
      },
    };
  }

  private async refuseWhileWaiting(waitMs: number): Promise<void> {
    if (waitMs > 0) throw refusal(this.refusalCode, waitMs);
  }
}

/** The refusal every door shows: its code, and after how many seconds to try again. */
export function refusal(codeName: CodeName, waitMs: number): DomainError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new DomainError(
    codeName,
    {
      en: `Too many attempts: try again in ${retryAfter} seconds`,
      // The login lock keeps ShowDoc's words, which ShowDoc clients show as they are.
      zh:
        codeName === 'LoginLocked'
          ? '登录失败次数过多，账号已锁定5分钟'
          : `尝试次数过多，请${retryAfter}秒后再试`,
    },
    { retryAfter },
  );
}

/** Every limit of the process: built once at start-up and shared by the services of every request. */
export class RateLimits {
  readonly login: GuessLimiter;
  readonly ownerPassword: GuessLimiter;
  readonly oldPassword: GuessLimiter;
  readonly visitPassword: GuessLimiter;
  readonly captcha: Throttle;
  readonly register: Throttle;
  readonly relay: Throttle;
  readonly ai: Throttle;

  constructor(store: RateLimitStore = { kind: 'memory' }, rules: RateLimitRules = DEFAULT_RATE_LIMITS) {
    this.login = new GuessLimiter(store, 'login', rules.login, 'LoginLocked');
    this.ownerPassword = new GuessLimiter(store, 'owner-password', rules.ownerPassword, 'TooManyAttempts');
    this.oldPassword = new GuessLimiter(store, 'old-password', rules.oldPassword, 'TooManyAttempts');
    this.visitPassword = new GuessLimiter(store, 'visit-password', rules.visitPassword, 'TooManyAttempts');
    this.captcha = new Throttle(store, 'captcha', rules.captcha);
    this.register = new Throttle(store, 'register', rules.register);
    this.relay = new Throttle(store, 'relay', rules.relay ?? DEFAULT_RATE_LIMITS.relay!);
    this.ai = new Throttle(store, 'ai', rules.ai ?? DEFAULT_AI_LIMIT);
  }
}

function limiter(store: RateLimitStore, name: string, duration: number): RateLimiterAbstract {
  // `points` only matters to consume(), which is not used: counting and blocking are explicit.
  const options = { keyPrefix: `quire:${name}`, points: 1_000_000, duration };
  if (store.kind === 'memory') return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `${store.prefix ?? 'quire'}:${name}`,
    storeClient: store.client,
    // While Redis is unreachable each node keeps counting on its own rather than failing every login.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Captcha } from '../../../../db/src';
import type { RateLimits } from '../limits/rate-limits';

/** ShowDoc's alphabet: no 0/O, 1/I that readers confuse. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** A wrong guess shortens the captcha's remaining life, as ShowDoc does. */
const WRONG_GUESS_PENALTY_MS = 10 * 1000;

type RenderText = (
  text: string,
  options: { width: number; height: number; noise: number; fontSize: number },
) => string;
/**
 * The package's default export renders a given text; its typings only declare the random variants. Loaded
 * with the first image: it parses its font when loaded (~2 MB of heap in every process, issue #14).
 */
async function loadRenderText(): Promise<RenderText> {
  const { default: svgCaptcha } = await import('svg-captcha');
  return svgCaptcha as unknown as RenderText;
}

export interface CaptchaOptions {
  /** QUIRE_TEST_CAPTCHA: this exact answer passes any captcha check (automated tests only). */
  testAnswer?: string;
}

export class CaptchaService {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: RateLimits,
    private readonly options: CaptchaOptions = {},
  ) {}

  /** A new captcha for the client at `address`; each costs a row, so an address gets a limited number. */
  async create(address: string, now = new Date()): Promise<Captcha> {
    await this.limits.captcha.take(address);
    let code = '';
    for (let i = 0; i < CAPTCHA_LENGTH; i++)
      code += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
    const captcha = this.em.create(Captcha, { code, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
    await this.em.persist(captcha).flush();
    return captcha;
  }

  /** The image of a live captcha, or null when it is unknown, used or expired. Does not consume it. */
  async image(id: number, now = new Date()): Promise<string | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const captcha = await this.em.findOne(Captcha, { id });
    if (!captcha || captcha.usedAt || captcha.expiresAt <= now) return null;
    const renderText = await loadRenderText();
    return renderText(captcha.code, { width: 120, height: 40, noise: 2, fontSize: 44 });
  }

  /**
   * Checks an answer (case-insensitive, trimmed). A right answer consumes the captcha, so every attempt
   * needs a fresh one; a wrong one shortens its life.
   */
  async verify(id: number, answer: string, now = new Date()): Promise<boolean> {
    const given = answer.trim().toUpperCase();
    const captcha = Number.isSafeInteger(id) && id > 0 ? await this.em.findOne(Captcha, { id }) : null;
    const testPass = this.options.testAnswer !== undefined && answer.trim() === this.options.testAnswer;
    if (testPass) {
      if (captcha && !captcha.usedAt) {
        captcha.usedAt = now;
        await this.em.flush();
      }
      return true;
    }
    if (!captcha || captcha.usedAt || captcha.expiresAt <= now || given === '') return false;
    if (given !== captcha.code) {
      captcha.expiresAt = new Date(captcha.expiresAt.getTime() - WRONG_GUESS_PENALTY_MS);
      await this.em.flush();
      return false;
    }
    captcha.usedAt = now;
    await this.em.flush();
    return true;
  }

  /** Housekeeping: captchas that can no longer be answered. */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.em.nativeDelete(Captcha, { expiresAt: { $lt: new Date(now.getTime() - CAPTCHA_TTL_MS) } });
  }
}

import type { EntityManager } from '@mikro-orm/core';
import { AccountService } from './accounts/account.service';
import { CaptchaService } from './accounts/captcha.service';
import { SettingsService } from './settings/settings.service';

export interface DomainOptions {
  /** QUIRE_TEST_CAPTCHA: accepted as a right captcha answer. */
  testCaptcha?: string;
}

/** The services of one request, all sharing the request's EntityManager fork. */
export function buildServices(em: EntityManager, options: DomainOptions = {}) {
  const settings = new SettingsService(em);
  const captchas = new CaptchaService(em, { testAnswer: options.testCaptcha });
  const accounts = new AccountService(em, settings, captchas);
  return { em, settings, captchas, accounts };
}

export type Services = ReturnType<typeof buildServices>;

import type { EntityManager } from '@mikro-orm/core';
import { AccountService } from './accounts/account.service';
import { CaptchaService } from './accounts/captcha.service';
import { ChangeLogService } from './changelog/changelog.service';
import { PolicyService } from './policy/policy.service';
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
  const policy = new PolicyService(em);
  const changeLog = new ChangeLogService(em);
  return { em, settings, captchas, accounts, policy, changeLog };
}

export type Services = ReturnType<typeof buildServices>;

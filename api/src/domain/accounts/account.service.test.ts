import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { RateLimits } from '../limits/rate-limits';
import { Viewer } from '../viewer';
import { hashToken } from './token';

const TEST_CAPTCHA = 'LETMEIN';
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('accounts on $name', (target) => {
  let db: TestDb;
  beforeAll(async () => {
    // Counters of their own per database: both runs share this process and the same usernames.
    db = await openTestDb(target, 'accounts', { testCaptcha: TEST_CAPTCHA, rateLimits: new RateLimits() });
  });
  afterAll(async () => db?.close());

  const register = (
    username: string,
    password = 'pass-123',
    extra: Partial<{ confirmPassword: string; captcha: string; captchaId: number }> = {},
  ) =>
    db.services().accounts.register({
      username,
      password,
      confirmPassword: extra.confirmPassword ?? password,
      captchaId: extra.captchaId ?? 0,
      captcha: extra.captcha ?? TEST_CAPTCHA,
    });
  const login = (name: string, password: string, address = '127.0.0.1') =>
    db.services().accounts.login({ login: name, password, captchaId: 0, captcha: TEST_CAPTCHA }, address);

  it('registers a user who can then log in by username and by e-mail', async () => {
    const session = await register('alice');
    expect(session.token).toMatch(/^[0-9a-f]{128}$/);
    expect(session.user.groupId).toBe(2);
    const services = db.services();
    const alice = await services.em.findOneOrFail(User, { username: 'alice' });
    alice.email = 'alice@example.com';
    await services.em.flush();

    expect((await login('alice', 'pass-123')).user.username).toBe('alice');
    expect((await login('alice@example.com', 'pass-123')).user.username).toBe('alice');
  });

  it('stores only a hash of the token, and the token identifies its user', async () => {
    const session = await register('token-user');
    const user = await db.services().accounts.authenticate(session.token);
    expect(user.username).toBe('token-user');
    const rows = await db.services().em.getConnection().execute('select token_hash from user_token');
    const stored = rows.map((r: { token_hash: string }) => r.token_hash);
    expect(stored).toContain(hashToken(session.token));
    expect(stored).not.toContain(session.token);
  });

  it('refuses tokens after 180 days', async () => {
    const session = await register('old-timer');
    const later = new Date(Date.now() + 181 * DAY);
    await expectCode(db.services().accounts.authenticate(session.token, later), 'TokenInvalid');
    await expectCode(db.services().accounts.authenticate('f'.repeat(128)), 'TokenInvalid');
    await expectCode(db.services().accounts.authenticate(''), 'TokenMissing');
  });

  it('rejects bad registrations and changes nothing', async () => {
    await expectCode(register('x'), 'UsernameInvalid');
    await expectCode(register('has space'), 'UsernameInvalid');
    await expectCode(register('bob', 'one', { confirmPassword: 'two' }), 'PasswordsDiffer');
    await expectCode(register('bob', 'p'.repeat(101)), 'PasswordTooLong');
    await expectCode(register('bob', ''), 'CredentialsRequired');
    await expectCode(register('bob', 'pass-123', { captcha: 'WRONG' }), 'CaptchaWrong');
    expect(await db.services().em.count(User, { username: 'bob' })).toBe(0);
    await register('bob');
    await expectCode(register('bob'), 'UsernameTaken');
    await expectCode(register('BOB'), 'UsernameTaken');
  });

  it('honours register_open = 0', async () => {
    await db.services().settings.set({ register_open: '0' });
    await expectCode(register('closed-door'), 'RegisterClosed');
    await db.services().settings.set({ register_open: '1' });
    await expect(register('open-door')).resolves.toBeDefined();
  });

  it('checks a real captcha once: a right answer is consumed, a wrong one is refused', async () => {
    const captchas = db.services().captchas;
    const captcha = await captchas.create('');
    expect(captcha.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/);
    expect(await captchas.image(captcha.id)).toContain('<svg');
    expect(await db.services().captchas.verify(captcha.id, 'ZZZZ' === captcha.code ? 'YYYY' : 'ZZZZ')).toBe(
      false,
    );
    await register('captcha-user', 'pass-123', {
      captchaId: captcha.id,
      captcha: ` ${captcha.code.toLowerCase()} `,
    });
    expect(await db.services().captchas.verify(captcha.id, captcha.code)).toBe(false);
    expect(await db.services().captchas.image(captcha.id)).toBeNull();
  });

  it('lets a captcha expire after ten minutes', async () => {
    const captcha = await db.services().captchas.create('');
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect(await db.services().captchas.verify(captcha.id, captcha.code, later)).toBe(false);
  });

  it('slows the address that keeps failing, never the owner at an address with no failures', async () => {
    await register('carol', 'right-pass');
    for (let i = 0; i < 5; i++) await expectCode(login('carol', 'wrong', '10.1.0.1'), 'WrongCredentials');
    // The account is under attack: the failing address is refused even with the right password ...
    await expectCode(login('carol', 'wrong', '10.1.0.1'), 'LoginLocked');
    await expectCode(login('CAROL', 'right-pass', '10.1.0.1'), 'LoginLocked');
    // ... while the owner, elsewhere, signs in; a success does not count against the owner's address.
    expect((await login('carol', 'right-pass', '10.1.0.2')).user.username).toBe('carol');
    expect((await login('carol', 'right-pass', '10.1.0.2')).user.username).toBe('carol');
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    await expectCode(login('nobody-here', 'whatever'), 'WrongCredentials');
  });

  it('logout ends every session of the user', async () => {
    const first = await register('dave');
    const second = await login('dave', 'pass-123');
    const user = await db.services().accounts.authenticate(first.token);
    await db.services().accounts.logout(new Viewer(user, hashToken(first.token)));
    await expectCode(db.services().accounts.authenticate(first.token), 'TokenInvalid');
    await expectCode(db.services().accounts.authenticate(second.token), 'TokenInvalid');
  });

  it('changes the password with the old one, ending other sessions but not this one', async () => {
    const current = await register('erin', 'old-pass');
    const other = await login('erin', 'old-pass');
    const services = db.services();
    const erin = await services.accounts.authenticate(current.token);
    const viewer = new Viewer(erin, hashToken(current.token));
    await expectCode(services.accounts.changePassword(viewer, 'not-it', 'new-pass'), 'OldPasswordWrong');
    await expectCode(services.accounts.changePassword(viewer, 'old-pass', ''), 'NewPasswordRequired');
    await services.accounts.changePassword(viewer, 'old-pass', 'new-pass');
    await expect(db.services().accounts.authenticate(current.token)).resolves.toBeDefined();
    await expectCode(db.services().accounts.authenticate(other.token), 'TokenInvalid');
    await expectCode(login('erin', 'old-pass'), 'WrongCredentials');
    expect((await login('erin', 'new-pass')).user.username).toBe('erin');
  });

  it('applies the strong-password policy only when the site enables it', async () => {
    await db.services().settings.set({ strong_password_enabled: '1' });
    await expectCode(register('weak-one', 'abc'), 'BadInput');
    await expect(register('strong-one', 'Abcdef1!')).resolves.toBeDefined();
    await db.services().settings.set({ strong_password_enabled: '0' });
  });

  it('updates the display name and searches users by name with LIKE characters escaped', async () => {
    const session = await register('frank');
    const services = db.services();
    const frank = await services.accounts.authenticate(session.token);
    await services.accounts.updateName(new Viewer(frank), '  Frank 100%  ');
    const viewer = new Viewer(frank);
    const found = await db.services().accounts.searchUsers(viewer, '100%');
    expect(found.map((u) => u.username)).toEqual(['frank']);
    expect(found[0]!.name).toBe('Frank 100%');
    expect(await db.services().accounts.searchUsers(viewer, '__')).toEqual([]);
    await expectCode(db.services().accounts.searchUsers(Viewer.anonymous(), ''), 'LoginRequired');
    await expectCode(db.services().accounts.updateName(viewer, 'n'.repeat(101)), 'NameTooLong');
  });

  it('creates the first administrator once, with a generated password when none is configured', async () => {
    const first = await db.services().accounts.ensureAdmin('root-admin');
    expect(first.generatedPassword).toMatch(/^[0-9a-f]{16}$/);
    expect(first.user.isAdmin).toBe(true);
    expect(first.created).toBe(true);
    const again = await db.services().accounts.ensureAdmin('someone-else', 'pw');
    expect(again.user.id).toBe(first.user.id);
    expect(again.generatedPassword).toBeUndefined();
    expect(again.created).toBe(false);
    expect((await login('root-admin', first.generatedPassword!)).user.isAdmin).toBe(true);
  });
});

import type { SqlEntityManager } from '@mikro-orm/knex';
import { Team, TeamMember, Template, User, UserGroup } from '../../../../db/src';
import { showdocLegacyHash } from '../../../../api/src/domain';
import { IdAllocator, type ImportContext } from './context';
import { unixDate } from './decode';
import { count, note } from './report';
import { ImportInputError } from './source';

interface UserRow {
  uid: number;
  username: string | null;
  groupid: number;
  name: string | null;
  email: string | null;
  password: string | null;
  salt: string | null;
  reg_time: number;
  last_login_time: number;
  is_sso: number | null;
}

/** A stored ShowDoc password in the form Quire's sign-in verifies (never rehashed here: no plain text). */
export function quirePasswordHash(password: string | null, salt: string | null): string | null {
  const hash = (password ?? '').trim();
  if (/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return hash;
  if (/^[0-9a-f]{32}$/i.test(hash)) return showdocLegacyHash(salt ?? '', hash);
  return null;
}

/**
 * Refuses, before anything is written, a ShowDoc username that already exists in Quire (unless the
 * operator asked for merging): two people may share a name across two sites.
 */
export async function checkUsernames(em: SqlEntityManager, ctx: ImportContext): Promise<void> {
  if (ctx.options.mergeUsers) return;
  const rows = ctx.source.all<UserRow>('select uid, username from user order by uid');
  const pending = rows.filter((row) => ctx.maps.get('user', row.uid) === undefined && row.username);
  const clashes: string[] = [];
  for (let i = 0; i < pending.length; i += 500) {
    const names = pending.slice(i, i + 500).map((row) => row.username!.trim());
    const found = await em.find(User, { username: { $in: names } }, { fields: ['username'] });
    clashes.push(...found.map((user) => user.username));
  }
  if (clashes.length) {
    throw new ImportInputError(
      `these usernames exist in Quire already: ${clashes.join(', ')}. Run again with --merge-users to ` +
        'make each ShowDoc account that Quire account (its ShowDoc password is then not imported).',
    );
  }
}

export async function importUsers(em: SqlEntityManager, ctx: ImportContext, ids: IdAllocator): Promise<void> {
  const rows = ctx.source.all<UserRow>('select * from user order by uid');
  const todo = rows.filter((row) => {
    if (ctx.maps.get('user', row.uid) === undefined) return true;
    count(ctx.report, 'users', 'already');
    return false;
  });
  const free = await ids.free(
    em,
    'user',
    todo.map((row) => Number(row.uid)),
  );
  const wanted = new Set(todo.map((row) => Number(row.uid)));
  const seenNames = new Set<string>();
  const seenEmails = new Set<string>();
  for (const row of todo) {
    const uid = Number(row.uid);
    const username = (row.username ?? '').trim();
    if (!username || username.length > 64 || seenNames.has(username.toLowerCase())) {
      ctx.maps.record(em, 'user', uid, 0);
      count(ctx.report, 'users', 'skipped');
      note(
        ctx.report,
        'user',
        uid,
        username ? `username "${username}" unusable or repeated` : 'empty username',
      );
      continue;
    }
    seenNames.add(username.toLowerCase());
    const existing = ctx.options.mergeUsers ? await em.findOne(User, { username }) : null;
    if (existing) {
      ctx.maps.record(em, 'user', uid, existing.id);
      count(ctx.report, 'users', 'imported');
      note(ctx.report, 'user', uid, `merged into the Quire user "${username}" (id ${existing.id})`);
      continue;
    }
    let email = (row.email ?? '').trim() || null;
    if (
      email &&
      (email.length > 190 || seenEmails.has(email.toLowerCase()) || (await em.count(User, { email })))
    ) {
      note(ctx.report, 'user', uid, `e-mail ${email} left out: used by another account`);
      email = null;
    }
    if (email) seenEmails.add(email.toLowerCase());
    let passwordHash = quirePasswordHash(row.password, row.salt);
    if (!passwordHash) {
      // Not a hash Quire can check: the account exists but signs in only after an administrator resets it.
      note(ctx.report, 'user', uid, 'password hash of an unknown scheme: reset the password to sign in');
      passwordHash = '!unusable';
    }
    const id = free.has(uid) ? uid : await ids.fresh(em, 'user', wanted);
    if (id !== uid) ctx.report.remapped.push({ kind: 'user', from: uid, to: id });
    em.persist(
      em.create(User, {
        id,
        username,
        email,
        name: (row.name ?? '').trim().slice(0, 100) || null,
        passwordHash,
        groupId: Number(row.groupid) === UserGroup.Admin ? UserGroup.Admin : UserGroup.Member,
        isSso: Number(row.is_sso ?? 0) === 1,
        createdAt: unixDate(row.reg_time) ?? new Date(),
        lastLoginAt: unixDate(row.last_login_time),
      }),
    );
    ctx.maps.record(em, 'user', uid, id);
    count(ctx.report, 'users', 'imported');
  }
}

export function userRef(
  em: SqlEntityManager,
  ctx: ImportContext,
  uid: number | null | undefined,
): User | null {
  const id = ctx.maps.get('user', Number(uid ?? 0));
  return id ? em.getReference(User, id) : null;
}

export async function importTeams(em: SqlEntityManager, ctx: ImportContext): Promise<void> {
  if (!ctx.source.hasTable('team')) return;
  for (const row of ctx.source.all<{ id: number; team_name: string; uid: number; addtime: number }>(
    'select * from team order by id',
  )) {
    if (ctx.maps.get('team', row.id) !== undefined) {
      count(ctx.report, 'teams', 'already');
      continue;
    }
    const owner = userRef(em, ctx, row.uid);
    if (!owner) {
      ctx.maps.record(em, 'team', row.id, 0);
      count(ctx.report, 'teams', 'skipped');
      note(ctx.report, 'team', row.id, 'its creator was not imported');
      continue;
    }
    const team = em.create(Team, {
      name: String(row.team_name ?? '').slice(0, 100),
      owner,
      createdAt: unixDate(row.addtime) ?? new Date(),
    });
    em.persist(team);
    await em.flush();
    ctx.maps.record(em, 'team', row.id, team.id);
    count(ctx.report, 'teams', 'imported');
    for (const member of ctx.source.all<{
      member_uid: number;
      team_member_group_id: number;
      addtime: number;
    }>('select * from team_member where team_id = ? order by id', row.id)) {
      const user = userRef(em, ctx, member.member_uid);
      if (!user) continue;
      em.persist(
        em.create(TeamMember, {
          team,
          user,
          teamMemberGroupId: Number(member.team_member_group_id) === 2 ? 2 : 1,
          createdAt: unixDate(member.addtime) ?? new Date(),
        }),
      );
      count(ctx.report, 'team members', 'imported');
    }
  }
}

export async function importTemplates(em: SqlEntityManager, ctx: ImportContext): Promise<void> {
  if (!ctx.source.hasTable('template')) return;
  for (const row of ctx.source.all<{
    id: number;
    uid: number;
    template_title: string;
    template_content: string;
    addtime: number;
  }>('select * from template order by id')) {
    if (ctx.maps.get('template', row.id) !== undefined) {
      count(ctx.report, 'templates', 'already');
      continue;
    }
    const owner = userRef(em, ctx, row.uid);
    if (!owner) {
      ctx.maps.record(em, 'template', row.id, 0);
      count(ctx.report, 'templates', 'skipped');
      continue;
    }
    // ShowDoc stores template text raw (not HTML-escaped), unlike pages.
    const template = em.create(Template, {
      owner,
      title: String(row.template_title ?? '').slice(0, 255),
      content: String(row.template_content ?? ''),
      createdAt: unixDate(row.addtime) ?? new Date(),
    });
    em.persist(template);
    await em.flush();
    ctx.maps.record(em, 'template', row.id, template.id);
    count(ctx.report, 'templates', 'imported');
  }
}

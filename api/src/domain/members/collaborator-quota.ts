import type { EntityManager } from '@mikro-orm/core';
import { ItemMember, TeamMember } from '../../../../db/src';
import { DomainError } from '../errors';
import type { SettingsService } from '../settings/settings.service';

/**
 * Refuses (10310) to give `ownerId` more collaborators than the site's `collaborator_limit` allows
 * ('0' = unlimited). An owner's collaborators are every member of the teams they created plus every
 * member of the items they own, each person counted once, the owner never (spec 000 §6, §8). Only
 * newcomers count against the limit: re-adding someone already counted always passes, even after the
 * limit was lowered below the current number.
 */
export async function assertCollaboratorQuota(
  em: EntityManager,
  settings: SettingsService,
  ownerId: number,
  candidateUserIds: readonly number[],
): Promise<void> {
  const limit = await settings.number('collaborator_limit');
  if (limit <= 0) return;
  const candidates = [...new Set(candidateUserIds)].filter((id) => id !== ownerId);
  if (!candidates.length) return;

  // Deleted items keep their rows for the recycle bin, but nobody collaborates in them.
  const itemMembers = await em.find(ItemMember, { item: { owner: ownerId, deletedAt: null } });
  const teamMembers = await em.find(TeamMember, { team: { owner: ownerId } });
  const current = new Set(
    [...itemMembers, ...teamMembers].map((m) => m.user.id).filter((id) => id !== ownerId),
  );
  const newcomers = candidates.filter((id) => !current.has(id));
  if (newcomers.length && current.size + newcomers.length > limit) {
    throw new DomainError('CollaboratorLimit', {
      en: `Collaborators (team members and item members together, each counted once) are limited to ${limit} on this site; you have ${current.size}`,
      zh: `协作成员数量超出限制：团队成员与项目成员合计（去重）最多 ${limit} 人，当前已有 ${current.size} 人`,
    });
  }
}

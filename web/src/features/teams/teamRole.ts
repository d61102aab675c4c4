/** What the viewer is in a team, for the badge beside its name. */
export type TeamRole = 'owner' | 'admin' | 'siteAdmin' | 'member';

export function teamRole(rights: { isOwner: boolean; manage: boolean; member: boolean }): TeamRole {
  if (rights.isOwner) return 'owner';
  if (rights.manage) return rights.member ? 'admin' : 'siteAdmin';
  return 'member';
}

/** 1 ordinary member, 2 team admin (spec §9). */
export const TEAM_MEMBER_GROUPS = [1, 2] as const;

/** The ISO date part: lists show the day a member or an item was added. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

export function displayName(user: { username: string; name?: string | null }): string {
  return user.name ? `${user.username} (${user.name})` : user.username;
}

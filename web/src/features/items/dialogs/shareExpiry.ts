/** Spec §9: a page's share link lasts for ever (0) or 1, 7, 30 or 180 days. */
export const EXPIRY_CHOICES = [0, 1, 7, 30, 180] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The choice to show for a live link (spec §4): up to 1 day left shows 1, up to 7 shows 7, up to 30
 * shows 30, up to 180 shows 180, anything longer (or no expiry) shows "permanent".
 */
export function nearestExpiryChoice(
  expiresAt: string | null | undefined,
  now: number = Date.now(),
): ExpiryChoice {
  if (!expiresAt) return 0;
  const days = (Date.parse(expiresAt) - now) / DAY_MS;
  if (Number.isNaN(days)) return 0;
  if (days <= 1) return 1;
  if (days <= 7) return 7;
  if (days <= 30) return 30;
  if (days <= 180) return 180;
  return 0;
}

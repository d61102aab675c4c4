/** A date-time for the console's tables, in the interface language; '' for none. */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
}

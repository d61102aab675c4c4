/** The fields shared by the create, copy and base-info dialogs, and the spec's rules for them (§5). */
export type Visibility = 'open' | 'private';

export interface ItemFormValues {
  name: string;
  description: string;
  domain: string;
  visibility: Visibility;
  password: string;
}

export type ItemFormError = 'nameRequired' | 'privateNeedsPassword' | 'domainInvalid';

/** Letters and digits only, and not digits only (a numeric domain would read as an item id). */
export function isValidDomain(domain: string): boolean {
  return /^[A-Za-z0-9]+$/.test(domain) && !/^\d+$/.test(domain);
}

export function validateItemForm(values: ItemFormValues): ItemFormError | null {
  if (!values.name.trim()) return 'nameRequired';
  if (values.visibility === 'private' && !values.password) return 'privateNeedsPassword';
  const domain = values.domain.trim();
  if (domain && !isValidDomain(domain)) return 'domainInvalid';
  return null;
}

/** Choosing "open" clears the password (spec §4): an open item sends an empty one. */
export function visitPassword(values: Pick<ItemFormValues, 'visibility' | 'password'>): string {
  return values.visibility === 'private' ? values.password : '';
}

export function emptyItemForm(): ItemFormValues {
  return { name: '', description: '', domain: '', visibility: 'open', password: '' };
}

/** The copy dialog starts from the source: its name plus '--copy', its description and visibility. */
export function copyFormFor(item: { name: string; description: string; isPrivate: boolean }): ItemFormValues {
  return {
    name: `${item.name}--copy`,
    description: item.description,
    domain: '',
    visibility: item.isPrivate ? 'private' : 'open',
    password: '',
  };
}

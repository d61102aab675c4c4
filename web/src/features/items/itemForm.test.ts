import { describe, expect, it } from '@jest/globals';
import { copyFormFor, emptyItemForm, isValidDomain, validateItemForm, visitPassword } from './itemForm';

describe('validateItemForm', () => {
  it('asks for a name', () => {
    expect(validateItemForm({ ...emptyItemForm(), name: '  ' })).toBe('nameRequired');
  });

  it('refuses a private item without a visit password', () => {
    expect(validateItemForm({ ...emptyItemForm(), name: 'Docs', visibility: 'private' })).toBe(
      'privateNeedsPassword',
    );
    expect(
      validateItemForm({ ...emptyItemForm(), name: 'Docs', visibility: 'private', password: 's3cret' }),
    ).toBeNull();
  });

  it('accepts an open item without a password', () => {
    expect(validateItemForm({ ...emptyItemForm(), name: 'Docs' })).toBeNull();
  });

  it('checks the personal domain: letters and digits, not digits only', () => {
    expect(isValidDomain('shop2')).toBe(true);
    expect(isValidDomain('2024')).toBe(false);
    expect(isValidDomain('my-docs')).toBe(false);
    expect(validateItemForm({ ...emptyItemForm(), name: 'Docs', domain: 'a b' })).toBe('domainInvalid');
  });
});

describe('visitPassword', () => {
  it('sends an empty password for an open item, whatever was typed before', () => {
    expect(visitPassword({ visibility: 'open', password: 'left-over' })).toBe('');
    expect(visitPassword({ visibility: 'private', password: 'pw' })).toBe('pw');
  });
});

describe('copyFormFor', () => {
  it("starts from the source's name plus '--copy', its description and visibility", () => {
    expect(copyFormFor({ name: 'Shop API', description: 'REST', isPrivate: true })).toEqual({
      name: 'Shop API--copy',
      description: 'REST',
      domain: '',
      visibility: 'private',
      password: '',
    });
  });
});

import { expect } from '@jest/globals';
import { DomainError, type CodeName } from '../../api/src/domain';

/** Awaits `promise`, expects it to reject with the DomainError `code`, and returns that error. */
export async function expectCode(promise: Promise<unknown>, code: CodeName): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).codeName).toBe(code);
  return err as DomainError;
}

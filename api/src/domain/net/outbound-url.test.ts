import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../errors';
import { AllowList, checkOutboundHost, guardedLookup, isPublicAddress } from './outbound';
import { checkOutboundUrl, isBlockedAddress } from './outbound-url';

const strict = { allowPrivate: false };

describe('outbound addresses set by the administrator (SSRF)', () => {
  it('blocks loopback, private, link-local and metadata addresses of both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect([address, isBlockedAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect([address, isBlockedAddress(address)]).toEqual([address, false]);
  });

  it('refuses private hosts, other schemes and credentials in the address, unless the site allows private hosts', async () => {
    await expect(checkOutboundUrl('http://169.254.169.254/latest/meta-data', strict)).rejects.toBeInstanceOf(
      DomainError,
    );
    await expect(checkOutboundUrl('http://localhost:6379', strict)).rejects.toBeInstanceOf(DomainError);
    await expect(checkOutboundUrl('http://[::1]:80/', strict)).rejects.toBeInstanceOf(DomainError);
    await expect(checkOutboundUrl('file:///etc/passwd', strict)).rejects.toBeInstanceOf(DomainError);
    await expect(checkOutboundUrl('https://user:pw@8.8.8.8/', strict)).rejects.toBeInstanceOf(DomainError);
    await expect(checkOutboundUrl('not a url', strict)).rejects.toBeInstanceOf(DomainError);
    expect((await checkOutboundUrl('https://8.8.8.8/v1', strict)).host).toBe('8.8.8.8');
    expect((await checkOutboundUrl('http://127.0.0.1:9000', { allowPrivate: true })).port).toBe('9000');
  });
});

describe('the one guard behind every outbound call (net/outbound.ts)', () => {
  const refuse = (reason: { en: string; zh: string }) => new DomainError('RelayRefused', reason);

  it('refuses a name that resolves to loopback, and lets the allow-list name it', async () => {
    await expect(checkOutboundHost('localhost', {}, refuse)).rejects.toMatchObject({
      codeName: 'RelayRefused',
    });
    await expect(checkOutboundHost('localhost', { allow: new AllowList('localhost') }, refuse)).resolves.toBe(
      undefined,
    );
    expect(isPublicAddress('not-an-address')).toBe(false);
  });

  it('checks again at connection time: the lookup refuses a loopback answer', async () => {
    const lookup = guardedLookup({});
    const code = await new Promise<string | undefined>((resolve) =>
      lookup('localhost', {}, (err) => resolve((err as NodeJS.ErrnoException | null)?.code)),
    );
    expect(code).toBe('EADDRNOTALLOWED');
    const allowed = guardedLookup({ allowPrivate: true });
    const address = await new Promise<unknown>((resolve) => allowed('localhost', {}, (_e, a) => resolve(a)));
    expect(String(address)).toMatch(/^(127\.|::1)/);
  });
});

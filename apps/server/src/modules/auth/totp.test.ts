import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, isTotpCodeShape, newTotpSecret, totpCodeAt, totpUrl } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret '12345678901234567890' (ASCII) gives 287082 (last 6 digits of 94287082) at t=59 s.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vector', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(acceptedTotpStep(RFC_SECRET, '287082', null, 59_000)).toBe(1);
  });

  it('accepts one step of drift either way, not two', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now - 30_000), null, now)).not.toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now + 30_000), null, now)).not.toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now - 60_000), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, or an earlier one', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = acceptedTotpStep(secret, totpCodeAt(secret, now), null, now);
    expect(step).not.toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now), step, now)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now - 30_000), step, now)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now + 30_000), step, now)).toBe((step ?? 0) + 1);
  });

  it('refuses anything that is not 6 digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 345', ' 123456'])
      expect(isTotpCodeShape(code)).toBe(false);
    expect(acceptedTotpStep(newTotpSecret(), 'abcdef', null)).toBeNull();
  });

  it('builds an otpauth URL with the app parameters', () => {
    const url = new URL(totpUrl(RFC_SECRET, 'ada@tessera.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('ada@tessera.test');
  });
});

import { describe, expect, it } from 'vitest';
import { checkEmail, emailDomain, EMAIL_MESSAGES, normalizeEmail } from './email.ts';

describe('login e-mail', () => {
  it.each(['', '   ', '\t'])('asks for an address when %j', (email) => {
    expect(checkEmail(email)).toBe('Please enter your email address');
  });

  it.each(['ann@lab.org', ' ann@lab.org ', 'a.b+c@sub.lab.co.uk', 'ANN@LAB.ORG'])('accepts %j', (email) => {
    expect(checkEmail(email)).toBeNull();
  });

  it.each([
    'ann',
    'ann@',
    '@lab.org',
    'ann@lab',
    'ann@@lab.org',
    'an n@lab.org',
    'ann@lab .org',
    `${'a'.repeat(250)}@lab.org`,
  ])('refuses %j as not an e-mail address', (email) => {
    expect(checkEmail(email)).toBe('Please provide a valid email address');
  });

  it('keeps the messages of spec 1 §5', () => {
    expect(EMAIL_MESSAGES).toEqual({
      required: 'Please enter your email address',
      invalid: 'Please provide a valid email address',
    });
  });
});

describe('normalization', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ann.Smith@Lab.ORG ')).toBe('ann.smith@lab.org');
  });
  it('takes the domain after the @, lower-cased, or empty without one', () => {
    expect(emailDomain('Ann@Lab.ORG')).toBe('lab.org');
    expect(emailDomain('no-at-sign')).toBe('');
  });
});

import { expect, it } from 'vitest';
import { parseCreateUserArgs } from './create-user.ts';

it('parses e-mail, roles, MFA and password', () => {
  expect(parseCreateUserArgs(['Ann@Lab.org', '--role', 'internalUser', '--require-mfa'])).toEqual({
    email: 'ann@lab.org',
    roles: ['internalUser'],
    requireMfa: true,
    password: null,
  });
  expect(parseCreateUserArgs(['b@lab.org', '--password', 'Good-Pass-1'])).toMatchObject({
    password: 'Good-Pass-1',
  });
});

it.each([
  [[], /^Usage/],
  [['not-an-email'], /valid email/],
  [['a@lab.org', '--role', 'king'], /Unknown system role 'king'/],
  [['a@lab.org', '--password', 'short'], /Minimum length must be 8 character/],
  [['a@lab.org', '--password', 'alllowercase1!'], /Password does not match requirements/],
  [['a@lab.org', '--bogus'], /Unknown option '--bogus'/],
])('refuses %j', (argv, message) => {
  expect(parseCreateUserArgs(argv)).toMatch(message);
});

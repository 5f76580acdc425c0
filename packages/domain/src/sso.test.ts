import { describe, expect, it } from 'vitest';
import { providerServesEmail, ssoProviderFor } from './sso.ts';

const corp = { id: 'corp', name: 'Corp SSO', domains: ['corp.example', '@Labs.Example'] };
const partner = { id: 'partner', name: 'Partner', domains: ['partner.example', 'corp.example'] };

describe('ssoProviderFor', () => {
  it('picks the provider by the e-mail domain, case-insensitively and ignoring spaces', () => {
    expect(ssoProviderFor('Ann@CORP.example', [corp, partner])?.id).toBe('corp');
    expect(ssoProviderFor('  bob@partner.example ', [corp, partner])?.id).toBe('partner');
  });

  it('accepts domains written with a leading @ or in upper case in configuration', () => {
    expect(ssoProviderFor('eve@labs.example', [corp])?.id).toBe('corp');
  });

  it('uses the first configured provider when two list the same domain', () => {
    expect(ssoProviderFor('ann@corp.example', [partner, corp])?.id).toBe('partner');
  });

  it('returns null for other domains, subdomains, look-alike suffixes and invalid e-mails', () => {
    expect(ssoProviderFor('ann@other.example', [corp, partner])).toBeNull();
    expect(ssoProviderFor('ann@eu.corp.example', [corp])).toBeNull();
    expect(ssoProviderFor('ann@evilcorp.example', [corp])).toBeNull();
    expect(ssoProviderFor('ann@corp.example.evil', [corp])).toBeNull();
    expect(ssoProviderFor('corp.example', [corp])).toBeNull();
    expect(ssoProviderFor('', [corp])).toBeNull();
    expect(ssoProviderFor('ann@corp.example', [])).toBeNull();
  });
});

describe('providerServesEmail', () => {
  it('is true only for the provider’s own domains', () => {
    expect(providerServesEmail(corp, 'x@corp.example')).toBe(true);
    expect(providerServesEmail(corp, 'x@partner.example')).toBe(false);
    expect(providerServesEmail(corp, 'x@corp.example@partner.example')).toBe(false);
  });
});

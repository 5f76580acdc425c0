/**
 * oidc-provider ships no type declarations (and @types/oidc-provider is not installed); this declares
 * the part the single sign-on tests use to run it as a real identity provider.
 */
declare module 'oidc-provider' {
  interface Account {
    accountId: string;
    claims(): Promise<{ sub: string; [claim: string]: unknown }>;
  }
  interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }
  interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): import('node:http').RequestListener;
  }
}

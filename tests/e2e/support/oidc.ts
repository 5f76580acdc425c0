/**
 * The OpenID Connect peer of the e2e run: the SSO module's own test provider (oidc-provider with its
 * development login form, which accepts any login; the login becomes the subject and the verified
 * e-mail claim), so the browser meets exactly the provider the server's SSO tests were written against.
 */
import { startIdentityProvider } from '../../../apps/server/test/sso-test-peers.ts';

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const idp = await startIdentityProvider();
  idp.start(redirectUri);
  return {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    close: () => idp.stop(),
  };
}

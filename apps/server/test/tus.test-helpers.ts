/**
 * tus requests as curl would send them (the upload tests): creation with Upload-Metadata, PATCH of bytes
 * at an offset, HEAD for the offset — each with the caller's bearer token (none: anonymous).
 */

export const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

const authorization = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** The tus requests against the server at `base`; URLs are the paths creation answers in Location. */
export function tusRequests(base: string) {
  return {
    create: (
      token: string | null,
      metadata: Record<string, string>,
      length: number | null,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${base}/v1/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          ...(length === null ? {} : { 'upload-length': String(length) }),
          'upload-metadata': metadataHeader(metadata),
          ...authorization(token),
          ...headers,
        },
      }),
    patch: (token: string, url: string, offset: number, bytes: Buffer) =>
      fetch(base + url, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          ...authorization(token),
        },
        body: bytes,
      }),
    head: (token: string, url: string) =>
      fetch(base + url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...authorization(token) } }),
  };
}

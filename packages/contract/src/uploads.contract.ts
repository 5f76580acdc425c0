/**
 * Slide uploads over tus 1.0 (issue #15 point 1; fixed interface): `POST /v1/uploads` creates an upload
 * with `Upload-Length` and `Upload-Metadata` keys `projectId`, `fileName` and `checksum` (packages/domain
 * checksum.ts: SHA-256 over the first and last 5 MiB, then the size); `HEAD` tells its offset, `PATCH`
 * appends bytes (`application/offset+octet-stream`), `DELETE` gives it up, `OPTIONS` says what the
 * endpoint speaks. Any tus client can upload, curl included, with a bearer token or an API key. The
 * last PATCH checks the bytes against the checksum and registers the slide (imageInfo read, conversion
 * queued) before it answers: a client that sees the upload finished finds the slide in the project. Headers and answers are tus's; refusals
 * are our `{code, message}`. Not a JSON API: the schemas below only document the paths.
 */
import { z } from 'zod';
import { authenticated, defineRoute, publicAccess } from './route.ts';

/** The tus upload id: the last segment of the Location the creation answers. */
const UploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * What the server speaks (tus discovery): `Tus-Version`, `Tus-Extension` and `Tus-Max-Size` in the
 * headers of a 204, to anyone, as tus 1.0 describes it.
 */
export const describeUploads = defineRoute({
  method: 'OPTIONS',
  path: '/v1/uploads',
  summary: 'The tus versions, extensions and largest upload the server takes (tus discovery)',
  tags: ['uploads'],
  access: publicAccess,
  response: z.null(),
  status: 204,
});

export const createUpload = defineRoute({
  method: 'POST',
  path: '/v1/uploads',
  summary:
    'Create a slide upload (tus creation; Upload-Length and Upload-Metadata projectId, fileName, checksum; itemKey, relativePath and fileCount for a file of a slide of several; Upload-Concat partial or final for parts sent in parallel)',
  tags: ['uploads'],
  access: authenticated,
  response: z.null(),
  status: 201,
});

export const getUploadOffset = defineRoute({
  method: 'HEAD',
  path: '/v1/uploads/:uploadId',
  summary: 'How much of an upload the server holds (tus Upload-Offset)',
  tags: ['uploads'],
  access: authenticated,
  params: UploadParams,
  response: z.null(),
});

export const appendUpload = defineRoute({
  method: 'PATCH',
  path: '/v1/uploads/:uploadId',
  summary: 'Append bytes to an upload at Upload-Offset; the last ones register the slide',
  tags: ['uploads'],
  access: authenticated,
  params: UploadParams,
  response: z.null(),
  status: 204,
});

export const cancelUpload = defineRoute({
  method: 'DELETE',
  path: '/v1/uploads/:uploadId',
  summary: 'Give up an upload (tus termination)',
  tags: ['uploads'],
  access: authenticated,
  params: UploadParams,
  response: z.null(),
  status: 204,
});

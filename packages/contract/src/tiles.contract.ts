import { z } from 'zod';
import { CHANNEL_TILE_MEDIA_TYPE } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

/** Tile indices in the path: plain non-negative integers (z counts from the smallest level, spec 2 §7). */
const TileIndex = z.coerce.number().int().min(0).max(1_000_000);

/** The formats `format` negotiates (spec 2 §7); jpeg is the default. */
export const TILE_FORMATS = ['jpeg', 'webp', 'png'] as const;
export type TileFormat = (typeof TILE_FORMATS)[number];

const TileQuery = z.object({
  /** 'true' converts through the slide's ICC profile to sRGB. */
  iccApply: z.enum(['true', 'false']).default('false'),
  /**
   * The slide's file name, which the viewer sends with every tile (spec 2 §7). The slide id alone selects
   * the image; the name is accepted so those URLs work, and is otherwise unused.
   */
  fileName: z.string().max(1024).optional(),
  /** A comma-separated list in order of preference; the first of jpeg, webp, png in it is answered. */
  format: z.string().max(200).optional(),
});

/** Encoded tile bytes (image/jpeg, image/webp or image/png); described as a binary string in OpenAPI. */
const TileBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' });
const TILE_MEDIA_TYPES = ['image/jpeg', 'image/webp', 'image/png'] as const;

/**
 * A slide tile (spec 2 §7). `equalization` is `noeq` or URL-encoded JSON: a list of {channel?, enabled?,
 * min, max, rgb} per channel. z is inverted: z = 0 is the smallest level, the full resolution is the highest z.
 * Answers carry a strong ETag; If-None-Match with it answers 304.
 */
const TileParams = z.object({
  projectId: Id,
  slideId: Id,
  equalization: z.string().min(1),
  z: TileIndex,
  x: TileIndex,
  y: TileIndex,
});

export const getTile = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/tile/rgb/:equalization/:z/:x/:y',
  summary: 'A slide tile as JPEG, WebP or PNG (fluorescence composited by the equalization)',
  tags: ['tiles'],
  access: projectPermission(null),
  params: TileParams,
  query: TileQuery,
  response: TileBytes,
  responseTypes: TILE_MEDIA_TYPES,
});

/**
 * The same tile from the slide's optimized pyramid (spec 2 §7: "the path uses tile-converted instead of
 * tile when conversion status is Converted"); 404 'The slide is not optimized for viewing yet' before that.
 * Converted tiles never change: Cache-Control private, max-age=31536000, immutable.
 */
export const getConvertedTile = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/tile-converted/rgb/:equalization/:z/:x/:y',
  summary: 'A tile of the slide optimized for viewing',
  tags: ['tiles'],
  access: projectPermission(null),
  params: TileParams,
  query: TileQuery,
  response: TileBytes,
  responseTypes: TILE_MEDIA_TYPES,
});

const TileBody = z
  .object({
    /** 'noeq', the equalization JSON text, or the equalization list itself. */
    equalization: z.union([z.string().min(1), z.array(z.unknown())]).default('noeq'),
    z: z.number().int().min(0).max(1_000_000),
    x: z.number().int().min(0).max(1_000_000),
    y: z.number().int().min(0).max(1_000_000),
    format: z.string().max(200).optional(),
    iccApply: z.boolean().default(false),
  })
  .strict();

/** The same tile asked for with a JSON body (spec 2 §7: "a POST with a JSON body is possible"). */
export const postTile = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/:slideId/tile/rgb',
  summary: 'A slide tile, asked for with a JSON body',
  tags: ['tiles'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, slideId: Id }),
  body: TileBody,
  response: TileBytes,
  responseTypes: TILE_MEDIA_TYPES,
});

/** A tile of the optimized pyramid asked for with a JSON body. */
export const postConvertedTile = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/:slideId/tile-converted/rgb',
  summary: 'A tile of the slide optimized for viewing, asked for with a JSON body',
  tags: ['tiles'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, slideId: Id }),
  body: TileBody,
  response: TileBytes,
  responseTypes: TILE_MEDIA_TYPES,
});

/** Channel tile bytes (CHANNEL_TILE_MEDIA_TYPE); described as a binary string in OpenAPI. */
const ChannelTileParams = TileParams.omit({ equalization: true });
const ChannelTileQuery = TileQuery.pick({ fileName: true });

/**
 * A fluorescence tile's samples, every channel, for the viewer to colour itself (beyond spec 2 §7; the
 * layout is the domain's channel-tiles.ts: per pixel each channel's value in 1 byte for 8-bit types or 2
 * bytes high first for 16-bit ones, signed types offset to start at 0, over the whole grid tile).
 * gzip-encoded when accepted. 400 CHANNEL_TILES_UNAVAILABLE for brightfield slides and for channels of
 * other types; the same ETag, 304 and caching as the RGB tiles.
 */
export const getChannelTile = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/tile/channels/:z/:x/:y',
  summary: 'A fluorescence tile as raw channel samples, coloured by the viewer',
  tags: ['tiles'],
  access: projectPermission(null),
  params: ChannelTileParams,
  query: ChannelTileQuery,
  response: TileBytes,
  responseTypes: [CHANNEL_TILE_MEDIA_TYPE],
});

/** The same from the slide's optimized pyramid (404 'The slide is not optimized for viewing yet' before). */
export const getConvertedChannelTile = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/tile-converted/channels/:z/:x/:y',
  summary: 'A tile of the slide optimized for viewing, as raw channel samples',
  tags: ['tiles'],
  access: projectPermission(null),
  params: ChannelTileParams,
  query: ChannelTileQuery,
  response: TileBytes,
  responseTypes: [CHANNEL_TILE_MEDIA_TYPE],
});

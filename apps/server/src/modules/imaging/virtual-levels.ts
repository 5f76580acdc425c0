/**
 * The server's side of levels the file lacks: the tiles made for them (wsi generateTile: up to 4×4 stored
 * tiles decoded and averaged each) are kept in a byte-budgeted LRU. The levels themselves are the reader's
 * (wsi virtualLevels), named here too because the z of a request is counted in them.
 */
import type { RgbTile } from '@tessera/wsi';
import { ByteLru } from '../../lib/byte-lru.ts';

export { virtualLevels } from '@tessera/wsi';

/** Tiles made for levels the file lacks, kept by their raw RGB bytes. */
export class TileLru extends ByteLru<RgbTile> {
  constructor(budgetBytes = 64 * 1024 * 1024) {
    super(budgetBytes, (tile) => tile.rgb.byteLength);
  }
}

/**
 * A stored object read by byte range (wsi ByteSource): a converted slide's tiles are served from the
 * store without fetching the file. Metadata reads go through a BlockCache (one ranged GET brings a 64 KiB
 * block of IFDs and offset arrays); each tile is one ranged GET of its own bytes.
 */
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { assertRange, BlockCache, WsiError, type ByteSource } from '@tessera/wsi';

export class S3Source implements ByteSource {
  private readonly blocks: BlockCache;

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
    readonly size: number,
  ) {
    this.blocks = new BlockCache(size, (offset, length) => this.readDirect(offset, length));
  }

  static async open(client: S3Client, bucket: string, key: string): Promise<S3Source> {
    let size: number | undefined;
    try {
      size = (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'unknown';
      throw new WsiError('not-tiff', `Cannot open stored slide file s3://${bucket}/${key} (${name})`);
    }
    return new S3Source(client, bucket, key, size ?? 0);
  }

  read(offset: number, length: number): Promise<Buffer> {
    return this.blocks.read(offset, length);
  }

  async readData(offset: number, length: number): Promise<Buffer> {
    assertRange(this.size, offset, length);
    if (length === 0) return Buffer.alloc(0);
    return this.readDirect(offset, length);
  }

  async close(): Promise<void> {
    this.blocks.clear();
  }

  private async readDirect(offset: number, length: number): Promise<Buffer> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.key,
        Range: `bytes=${offset}-${offset + length - 1}`,
      }),
    );
    const array = await object.Body!.transformToByteArray();
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength); // a view, not a copy
    if (bytes.length !== length)
      throw new WsiError('truncated', `Stored file ended at ${offset + bytes.length} while reading`);
    return bytes;
  }
}

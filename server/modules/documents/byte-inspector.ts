import { Transform } from 'node:stream';
import { HEAD_BYTES, TAIL_BYTES } from './file-kind';

/**
 * A pass-through that counts the bytes of a stream and keeps its first and last few: what the
 * file's kind is decided from, without holding the file in memory.
 */
export class ByteInspector extends Transform {
  size = 0;
  private headParts: Buffer[] = [];
  private headLength = 0;
  private tailBuffer = Buffer.alloc(0);

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headParts.push(part);
      this.headLength += part.length;
    }
    const joined = Buffer.concat([this.tailBuffer, chunk]);
    this.tailBuffer = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headParts);
  }

  tail(): Buffer {
    return this.tailBuffer;
  }
}

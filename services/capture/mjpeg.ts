// Splitting ffmpeg's `image2pipe` MJPEG output (JPEG after JPEG, no container) into images.
const SOI = 0xd8;
const EOI = 0xd9;

export class JpegSplitter {
  private buf: Buffer = Buffer.alloc(0);

  /** Feeds a chunk of the stream; returns the complete JPEG images it finished. */
  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: Buffer[] = [];
    for (;;) {
      const start = findMarker(this.buf, SOI, 0);
      if (start < 0) { this.buf = Buffer.alloc(0); break; }
      const end = findMarker(this.buf, EOI, start + 2);
      if (end < 0) { this.buf = this.buf.subarray(start); break; }
      out.push(Buffer.from(this.buf.subarray(start, end + 2)));
      this.buf = this.buf.subarray(end + 2);
    }
    if (this.buf.length > 16 * 1024 * 1024) this.buf = Buffer.alloc(0); // never a JPEG: drop
    return out;
  }
}

function findMarker(b: Buffer, marker: number, from: number): number {
  for (let i = b.indexOf(0xff, from); i >= 0 && i < b.length - 1; i = b.indexOf(0xff, i + 1)) {
    if (b[i + 1] === marker) return i;
  }
  return -1;
}

// Still images in and out with sharp (libvips): PNG, JPEG, WebP, TIFF … read to RGB24, and RGB24
// written as PNG. Every still the referee reads (a photo to calibrate or detect on, a ball crop
// to identify) or writes (shot pictures, crops, rendered check frames, test fixtures) goes
// through here. Video stays with ffmpeg (decode-stream.ts, the simulator's encoder), and so do
// the camera snapshots, which ffmpeg encodes from the video it is decoding anyway.
import sharp, { type Sharp } from 'sharp';

/** Interleaved 8-bit RGB pixels, row by row. */
export interface RgbPixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface ReadOptions {
  /** Resize to size × size (whatever the aspect), as the identity model's crops are. */
  readonly size?: number;
}

/**
 * Reads an image file (or its bytes) to RGB24: turned upright by its EXIF orientation, alpha
 * dropped, grey expanded to three channels, 16-bit reduced to 8.
 */
export async function readRgb(input: string | Buffer, o: ReadOptions = {}): Promise<RgbPixels> {
  let img = sharp(input, { failOn: 'error' }).rotate().removeAlpha().toColourspace('srgb');
  if (o.size !== undefined) img = img.resize(o.size, o.size, { fit: 'fill' });
  const { data, info } = await img.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`readRgb: ${typeof input === 'string' ? input : 'image'} gave ${info.channels} channels`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function rawInput(rgb: Uint8Array, width: number, height: number): Sharp {
  if (rgb.length !== width * height * 3) throw new Error(`still image: ${rgb.length} bytes is not ${width}×${height} RGB`);
  return sharp(rgb, { raw: { width, height, channels: 3 } });
}

/** RGB24 pixels as PNG bytes. */
export function encodePng(rgb: Uint8Array, width: number, height: number): Promise<Buffer> {
  return rawInput(rgb, width, height).png().toBuffer();
}

/** RGB24 pixels written as a PNG file. */
export async function writePng(path: string, rgb: Uint8Array, width: number, height: number): Promise<void> {
  await rawInput(rgb, width, height).png().toFile(path);
}

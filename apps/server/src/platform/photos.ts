import sharp, { type Metadata } from 'sharp';

/** A decompression bomb (a small file that decodes to billions of pixels) is refused before it is decoded. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Why a photo could not be kept: too many pixels to decode safely, or bytes that do not decode. */
export class PhotoRefused extends Error {
  constructor(
    readonly reason: 'too_many_pixels' | 'unreadable',
    readonly width = 0,
    readonly height = 0,
  ) {
    super(reason === 'unreadable' ? 'the photo could not be decoded' : `the photo is ${width} × ${height} pixels`);
  }
}

/**
 * A photo as the app keeps it: decoded, turned upright, at most `maxSide` pixels on its longest
 * side, a transparent picture shown on white (as on paper), written again as a JPEG without any
 * metadata (no camera, no GPS position). Throws PhotoRefused.
 */
export async function jpegWithoutMetadata(bytes: Uint8Array, maxSide: number): Promise<Uint8Array> {
  let size: Metadata;
  try {
    size = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('unreadable');
  }
  const { width = 0, height = 0 } = size;
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRefused('too_many_pixels', width, height);
  try {
    const photo = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(photo);
  } catch {
    throw new PhotoRefused('unreadable');
  }
}

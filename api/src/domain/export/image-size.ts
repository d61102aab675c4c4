export interface ImageInfo {
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

/** The format and pixel size of a PNG, JPEG, GIF or BMP from its header; null for anything else. */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') {
    return { type: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 26 && bytes.toString('latin1', 0, 2) === 'BM') {
    return { type: 'bmp', width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegInfo(bytes);
  return null;
}

function jpegInfo(bytes: Buffer): ImageInfo | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    // Start-of-frame markers (not DHT 0xC4, JPG 0xC8, DAC 0xCC) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { type: 'jpg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Fits an image into `maxWidth` pixels, keeping its proportions (ShowDoc limits Word images to 500). */
export function fitWidth(info: ImageInfo, maxWidth = 500): { width: number; height: number } {
  const width = Math.max(1, info.width);
  const height = Math.max(1, info.height);
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

// Reading image headers without decoding: big-endian integers, and JPEG's marker segments as every header
// reader walks them (the image size and EXIF orientation in images.ts, the decode budget in budget.ts).

export function u16be(b: Uint8Array, i: number): number {
  return (b[i] << 8) | b[i + 1];
}

export function u32be(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): a frame header, which holds the image's size. */
export function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The frame header's size: height at +5, width at +7 from the segment's 0xFF. */
export function frameSize(bytes: Uint8Array, at: number): { width: number; height: number } {
  return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
}

/**
 * The marker segments of a JPEG after its SOI, each as its marker and the offset of its 0xFF, skipping fill
 * bytes and the markers that carry no length. `stopAtScan` ends the walk at the start of scan (SOS, 0xDA);
 * `limit` bounds how far into the file it looks.
 */
export function* jpegSegments(
  bytes: Uint8Array,
  { stopAtScan = false, limit = Infinity }: { stopAtScan?: boolean; limit?: number } = {},
): Generator<{ marker: number; at: number; length: number }> {
  let i = 2;
  while (i + 9 < bytes.length && i < limit) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = bytes[i + 1];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (stopAtScan && marker === 0xda) return;
    const length = u16be(bytes, i + 2);
    yield { marker, at: i, length };
    i += 2 + length;
  }
}

import { describe, expect, it } from "vitest";
import { frameSize, isFrameHeader, jpegSegments } from "../../../workers/grading/reading/jpeg-segments";

/** SOI, an APP0 segment, fill bytes, a DHT, a SOF2 of 640 × 480, SOS and scan data that looks like a marker. */
function tinyJpeg(): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
  const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
  const sof2 = [0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00];
  const sos = [0xff, 0xda, 0x00, 0x04, 0x00, 0x00];
  const scan = [0x12, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x99, 0x99, 0x99, 0x99, 0x00, 0x00, 0x00, 0x00];
  return new Uint8Array([0xff, 0xd8, ...app0, 0xff, 0xff, ...dht, ...sof2, ...sos, ...scan, 0xff, 0xd9]);
}

describe("JPEG marker segments", () => {
  it("walks the segments after SOI, skipping fill bytes, with each segment's length", () => {
    const segments = [...jpegSegments(tinyJpeg(), { stopAtScan: true })];
    expect(segments.map((s) => s.marker)).toEqual([0xe0, 0xc4, 0xc2]);
    expect(segments[0]).toMatchObject({ at: 2, length: 6 });
  });

  it("finds the frame header's size, and not a look-alike in the scan data when stopping at the scan", () => {
    const bytes = tinyJpeg();
    const frames = [...jpegSegments(bytes, { stopAtScan: true })].filter((s) => isFrameHeader(s.marker));
    expect(frames).toHaveLength(1);
    expect(frameSize(bytes, frames[0]!.at)).toEqual({ width: 640, height: 480 });
    expect(isFrameHeader(0xc4)).toBe(false);
    expect(isFrameHeader(0xc8)).toBe(false);
    expect(isFrameHeader(0xcc)).toBe(false);
  });

  it("stops at a limit", () => {
    expect([...jpegSegments(tinyJpeg(), { limit: 5 })].map((s) => s.marker)).toEqual([0xe0]);
  });
});

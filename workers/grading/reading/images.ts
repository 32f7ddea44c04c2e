// Photos before reading: size checks from the header (no decoding), HEIC decoding, EXIF orientation,
// and a downscale to about 2000 px on the long side so the OCR heap stays inside an isolate's memory.
import { PhotonImage, SamplingFilter, fliph, flipv, resize, rotate } from "@cf-wasm/photon";
import libheifFactory from "libheif-js/libheif-wasm/libheif.js";
import { UnsupportedFileError, type FileKind } from "../../../core/files/file-type";
import { loadHeifWasm } from "./ocr/assets";
import { cleanPage, decodePgm, encodePgm, type CleanupReport } from "./ocr/cleanup";
import { frameSize, isFrameHeader, jpegSegments, u32be } from "./jpeg-segments";

export const OCR_LONG_SIDE = 2000;
/**
 * Pages up to this long side are brought to OCR_LONG_SIDE in grey by the clean-up: photon's resize costs about
 * 0.3 s even for a 0.9× shrink (Triangle; Nearest 0.13 s), the grey triangle filter about 0.08 s. Larger photos
 * shrink in photon first, so that their full-size colour pixels never leave its memory (decision 0020).
 */
export const OCR_KEEP_LONG_SIDE = 2400;
/** Photos larger than this are refused before decoding: their pixels alone would fill the isolate. */
export const MAX_IMAGE_PIXELS = 16_800_000;

export interface ImageInfo {
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 = upright). */
  orientation: number;
}

export interface PreparedImage {
  /** Image bytes ready for OCR (grey PGM after clean-up). */
  bytes: Uint8Array;
  width: number;
  height: number;
  rotation: number;
  scaledFrom?: { width: number; height: number };
  /** What the clean-up did (page corners, skew, scale). */
  cleanup?: CleanupReport;
}

const CORRUPT_IMAGE_MESSAGE = "This photo could not be opened: the file looks damaged. Please take or export it again.";

/** Reads width, height and EXIF orientation from a PNG or JPEG header. */
export function readImageInfo(bytes: Uint8Array, kind: "png" | "jpeg"): ImageInfo {
  if (kind === "png") {
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") {
      throw new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt");
    }
    return { width: u32be(bytes, 16), height: u32be(bytes, 20), orientation: 1 };
  }
  let orientation = 1;
  for (const { marker, at, length } of jpegSegments(bytes)) {
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === "Exif") {
      orientation = readExifOrientation(bytes.subarray(at + 10, at + 2 + length)) ?? orientation;
    }
    if (isFrameHeader(marker)) return { ...frameSize(bytes, at), orientation };
  }
  throw new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt");
}

function readExifOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const little = tiff[0] === 0x49;
  const u16 = (o: number) => (little ? tiff[o] | (tiff[o + 1] << 8) : (tiff[o] << 8) | tiff[o + 1]);
  const u32 = (o: number) =>
    little
      ? (tiff[o] | (tiff[o + 1] << 8) | (tiff[o + 2] << 16) | (tiff[o + 3] << 24)) >>> 0
      : ((tiff[o] << 24) | (tiff[o + 1] << 16) | (tiff[o + 2] << 8) | tiff[o + 3]) >>> 0;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

function checkPixels(width: number, height: number) {
  if (!width || !height) throw new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt");
  if (width * height > MAX_IMAGE_PIXELS) {
    const mp = ((width * height) / 1e6).toFixed(0);
    throw new UnsupportedFileError(
      `This photo is too large to read (${width} × ${height} pixels, ${mp} megapixels). ` +
        `Please upload a photo of at most ${Math.floor(MAX_IMAGE_PIXELS / 1e6)} megapixels, for example by choosing a smaller size in the camera or sharing it as a smaller image.`,
      "too-large",
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let heifPromise: Promise<any> | undefined;
function heif() {
  heifPromise ??= (async () => {
    const wasm = await loadHeifWasm();
    const g = globalThis as Record<string, unknown>;
    if (typeof g.__dirname === "undefined") g.__dirname = "/";
    const lib = await (libheifFactory as unknown as (o: object) => Promise<unknown>)({
      instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
        const instance = new WebAssembly.Instance(wasm, imports);
        done(instance, wasm);
        return instance.exports;
      },
      print() {},
      printErr() {},
    });
    // Some builds resolve to a module whose `ready` promise settles later.
    return lib;
  })();
  return heifPromise;
}

async function decodeHeic(bytes: Uint8Array): Promise<PhotonImage> {
  const lib = await heif();
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  if (!images?.length) throw new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt");
  const image = images[0];
  const width = image.get_width();
  const height = image.get_height();
  checkPixels(width, height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  await new Promise<void>((resolve, reject) => {
    image.display({ data: rgba, width, height }, (result: unknown) =>
      result ? resolve() : reject(new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt")),
    );
  });
  image.free?.();
  decoder.decoder?.delete?.();
  return new PhotonImage(new Uint8Array(rgba.buffer), width, height);
}

/** Turns the decoded photo upright according to its EXIF orientation; returns the degrees turned. */
function applyOrientation(image: PhotonImage, orientation: number): { image: PhotonImage; rotation: number } {
  const turn = (deg: number) => {
    const turned = rotate(image, deg);
    image.free();
    return turned;
  };
  switch (orientation) {
    case 2:
      fliph(image);
      return { image, rotation: 0 };
    case 3:
      return { image: turn(180), rotation: 180 };
    case 4:
      flipv(image);
      return { image, rotation: 0 };
    case 5: {
      fliph(image);
      return { image: turn(270), rotation: 270 };
    }
    case 6:
      return { image: turn(90), rotation: 90 };
    case 7: {
      fliph(image);
      return { image: turn(90), rotation: 90 };
    }
    case 8:
      return { image: turn(270), rotation: 270 };
    default:
      return { image, rotation: 0 };
  }
}

/** Decodes as little as needed: an upright PNG of a readable size (a scan, a screenshot) goes to OCR
 * untouched; camera photos (JPEG, HEIC) are turned upright, shrunk and cleaned of sensor noise. */
export async function prepareImage(bytes: Uint8Array, kind: Extract<FileKind, "png" | "jpeg" | "heic">): Promise<PreparedImage> {
  let image: PhotonImage;
  let rotation = 0;
  if (kind === "heic") {
    image = await decodeHeic(bytes);
  } else {
    const info = readImageInfo(bytes, kind);
    checkPixels(info.width, info.height);
    try {
      image = PhotonImage.new_from_byteslice(bytes);
    } catch {
      throw new UnsupportedFileError(CORRUPT_IMAGE_MESSAGE, "corrupt");
    }
    ({ image, rotation } = applyOrientation(image, info.orientation));
  }
  return finishImage(image, rotation);
}

/**
 * Shrinks to OCR_LONG_SIDE (in photon above OCR_KEEP_LONG_SIDE, in grey below it), then cleans the page
 * (ocr/cleanup.ts: page found and straightened, median, flat-field, deskew, text scaled for the engine) and
 * encodes it as grey PGM for the engine; frees the image.
 */
export function finishImage(image: PhotonImage, rotation: number): PreparedImage {
  let rgba: Uint8Array;
  let width: number;
  let height: number;
  let scaledFrom: PreparedImage["scaledFrom"];
  try {
    width = image.get_width();
    height = image.get_height();
    const long = Math.max(width, height);
    if (long > OCR_KEEP_LONG_SIDE) {
      const scale = OCR_LONG_SIDE / long;
      // Triangle (bilinear) is ten times cheaper than Lanczos and reads as well after clean-up.
      const smaller = resize(image, Math.round(width * scale), Math.round(height * scale), SamplingFilter.Triangle);
      image.free();
      image = smaller;
      scaledFrom = { width, height };
      width = image.get_width();
      height = image.get_height();
    }
    rgba = image.get_raw_pixels();
  } finally {
    image.free();
  }
  const { image: clean, report } = cleanPage(rgba, width, height, undefined, OCR_LONG_SIDE);
  if (!scaledFrom && Math.max(width, height) > OCR_LONG_SIDE) scaledFrom = { width, height };
  return { bytes: encodePgm(clean), width: clean.width, height: clean.height, rotation, scaledFrom, cleanup: report };
}

/** The cleaned grey page (PGM) as a JPEG for a hosted vision model. */
export function pgmToJpeg(pgm: Uint8Array, quality = 85): Uint8Array {
  const { width, height, data: grey } = decodePgm(pgm);
  return greyJpeg(grey, width, height, quality);
}

/** Grey pixels as a JPEG (photon encodes RGBA). */
export function greyJpeg(grey: Uint8Array, width: number, height: number, quality: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0, q = 0; p < grey.length; p++, q += 4) {
    rgba[q] = rgba[q + 1] = rgba[q + 2] = grey[p]!;
    rgba[q + 3] = 255;
  }
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes_jpeg(quality);
  } finally {
    image.free();
  }
}

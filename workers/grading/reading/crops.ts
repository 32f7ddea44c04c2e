// Cutting boxes out of a cleaned page image (the JPEG a page reading keeps): the answer crops of the review screens.
import { crop, PhotonImage } from "@cf-wasm/photon";
import type { BoundingBox } from "./types";

/**
 * Each box of the page as a PNG, clipped to the page; null for a box that lies outside it. The page is decoded
 * once for all its boxes.
 */
export function cropBoxes(pageJpeg: Uint8Array, boxes: readonly BoundingBox[]): (Uint8Array | null)[] {
  if (!boxes.length) return [];
  const page = PhotonImage.new_from_byteslice(pageJpeg);
  try {
    const width = page.get_width();
    const height = page.get_height();
    return boxes.map((box) => {
      const x1 = Math.max(0, Math.floor(box.x));
      const y1 = Math.max(0, Math.floor(box.y));
      const x2 = Math.min(width, Math.ceil(box.x + box.width));
      const y2 = Math.min(height, Math.ceil(box.y + box.height));
      if (x2 - x1 < 2 || y2 - y1 < 2) return null;
      const piece = crop(page, x1, y1, x2, y2);
      try {
        return piece.get_bytes();
      } finally {
        piece.free();
      }
    });
  } finally {
    page.free();
  }
}

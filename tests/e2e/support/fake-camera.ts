// Chromium's fake camera plays a Y4M file: this turns the photographed worksheet into a one-frame Y4M video.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const FAKE_CAMERA_FILE = "tests/e2e/artifacts/fake-camera-worksheet.y4m";

export async function writeFakeCameraVideo(source = "tests/fixtures/engines/photographed-worksheet.jpg", target = FAKE_CAMERA_FILE) {
  const image = await loadImage(readFileSync(source));
  const width = image.width - (image.width % 2);
  const height = image.height - (image.height % 2);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  // BT.601 RGB → YUV 4:2:0.
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 4;
      y[row * width + col] = Math.round(0.257 * rgba[i] + 0.504 * rgba[i + 1] + 0.098 * rgba[i + 2] + 16);
    }
  }
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      const i = (row * width + col) * 4;
      const j = (row / 2) * (width / 2) + col / 2;
      u[j] = Math.round(-0.148 * rgba[i] - 0.291 * rgba[i + 1] + 0.439 * rgba[i + 2] + 128);
      v[j] = Math.round(0.439 * rgba[i] - 0.368 * rgba[i + 1] - 0.071 * rgba[i + 2] + 128);
    }
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]));
  return target;
}

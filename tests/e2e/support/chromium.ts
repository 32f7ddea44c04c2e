// Debian's Chromium (scripts/find-chromium.mjs), never a downloaded browser, with flags that keep it off the network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium's fake camera (a test pattern, or `videoFile` in Y4M), with the permission prompt accepted. */
export function fakeCameraLaunchOptions(videoFile?: string) {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(videoFile ? [`--use-file-for-fake-video-capture=${videoFile}`] : []),
    ],
  };
}

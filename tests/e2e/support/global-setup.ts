import { writeFakeCameraVideo } from "./fake-camera";

export default async function globalSetup() {
  await writeFakeCameraVideo();
}

import { renderPhotos } from "./bench/harness";
const [photo] = await renderPhotos(1);
const port = process.argv[2];
for (let i = 0; i < 4; i++) {
  const t = Date.now();
  const r = await fetch(`http://127.0.0.1:${port}/read`, { method: "POST", body: photo });
  const h = Date.now();
  await r.text();
  console.log("sent", t, "headers after", h - t, "total", Date.now() - t);
}

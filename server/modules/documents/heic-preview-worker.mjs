// Runs in a worker thread (heic-preview.ts): decoding a phone's HEIC photo takes a CPU-bound
// second or more in WebAssembly, which must not stall the server's event loop. Plain
// JavaScript, so that a worker starts the same way under `node --import tsx` and the tests.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';
import jpeg from 'jpeg-js';

/** Scales RGBA pixels down so that neither side exceeds `maxSide`, each pixel an average. */
function downscale({ width, height, data }, maxSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  if (w === width && h === height) return { width, height, data };
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x += 1) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const at = (sy * width + sx) * 4;
          for (let c = 0; c < 4; c += 1) sum[c] += data[at + c];
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * w + x) * 4;
      for (let c = 0; c < 4; c += 1) out[to + c] = Math.round(sum[c] / count);
    }
  }
  return { width: w, height: h, data: out };
}

const { bytes, maxSide, quality } = workerData;
const image = await decode({ buffer: Buffer.from(bytes) });
const scaled = downscale(image, maxSide);
const encoded = jpeg.encode(scaled, quality);
parentPort.postMessage(encoded.data);

/**
 * A badge as Chromium's fake camera shows it (`--use-file-for-fake-video-capture=<file>.y4m`):
 * used by e2e/checkin.spec.ts and bench/checkin.
 */
import QRCode from 'qrcode';

/** A Y4M video (4:2:0, 10 frames at 10 fps, looped by Chromium) of `text` as a QR code, black on white. */
export function qrY4m(text: string, width = 640, height = 480): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(Math.min(width, height) / (modules + 8));
  const size = modules * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]);
}


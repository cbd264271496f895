import { create } from "qrcode";

/** The QR code's quiet zone, in modules: the four the standard asks for, so any phone's reader finds it. */
const QUIET_MODULES = 4;

/**
 * A QR code of `text` as an SVG group of at most `maxSize` px square, placed at (x, y): a white
 * square with the quiet zone and the dark modules as one path, each module a whole number of
 * pixels so that the edges stay sharp in the PNG and a reader decodes it from a photo or a forward.
 * Error correction M: a forwarded, recompressed picture still reads.
 */
export function qrCodeSvg(text: string, x: number, y: number, maxSize: number): { svg: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const count = modules.size + 2 * QUIET_MODULES;
  const unit = Math.max(1, Math.floor(maxSize / count));
  const size = unit * count;
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${(column + QUIET_MODULES) * unit} ${(row + QUIET_MODULES) * unit}h${unit}v${unit}h-${unit}z`;
    }
  }
  const svg = `<g transform="translate(${x} ${y})"><rect width="${size}" height="${size}" fill="#ffffff"/><path d="${path}" fill="#000000" shape-rendering="crispEdges"/></g>`;
  return { svg, size };
}

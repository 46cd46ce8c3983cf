// The README's screenshots as indexed PNGs: a screenshot of the workbench is
// flat surfaces and anti-aliased text, so 256 colours keep it readable at a
// fraction of the size of Chromium's RGBA PNG. UPNG does the quantizing.
import * as fs from 'node:fs';
import * as UPNG from 'upng-js';

const COLOURS = 256;

/** Rewrites the PNG at `file` with at most 256 colours; returns its new size in bytes. */
export function shrinkPng(file: string): number {
  const source = fs.readFileSync(file);
  const image = UPNG.decode(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
  const [rgba] = UPNG.toRGBA8(image);
  const smaller = Buffer.from(UPNG.encode([rgba], image.width, image.height, COLOURS));
  if (smaller.length < source.length) fs.writeFileSync(file, smaller);
  return Math.min(smaller.length, source.length);
}

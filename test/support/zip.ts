// Reads the entries of a zip file (a .vsix is one) with Node's own zlib: the
// package tests open the built .vsix as VS Code would, without another dependency.
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

/** Every file in the zip, by its path inside it. */
export function readZip(file: string): Map<string, Buffer> {
  return new Map([...zipEntries(file)].map(([name, entry]) => [name, entry.bytes]));
}

/** Every file in the zip with the bytes it takes in the zip (compressed) as well as its content. */
export function zipEntries(file: string): Map<string, { bytes: Buffer; stored: number }> {
  const zip = fs.readFileSync(file);
  // The end-of-central-directory record: the last one, after an optional comment of up to 64 KiB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, { bytes: Buffer; stored: number }>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${n}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    if (method !== 0 && method !== 8) throw new Error(`${file}: ${name} uses compression method ${method}`);
    entries.set(name, { bytes: method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data), stored: size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * npx tsx scripts/favicon-ico.ts: writes frontend/site/public/favicon.ico from favicon.svg (16, 32 and 48 px
 * PNG images in one ICO file), drawn by Chromium so it is the same picture. Browsers and feed readers that ask
 * for /favicon.ico by convention (the server-rendered alert pages) get it instead of a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48];
const publicDir = path.resolve(import.meta.dirname, '../frontend/site/public');

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width (0 means 256)
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main() {
  const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const images = [];
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
      );
      images.push({ size, png: await page.screenshot({ omitBackground: true, type: 'png' }) });
      await page.close();
    }
    const ico = icoOf(images);
    fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico);
    console.log(`favicon.ico: ${SIZES.join(', ')} px, ${ico.length} bytes`);
  } finally {
    await browser.close();
  }
}

await main();

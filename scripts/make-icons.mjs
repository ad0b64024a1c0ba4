#!/usr/bin/env node
/**
 * Renders every icon the installers and the app need from the one source drawing, build/icon.svg:
 *   build/icons/<N>x<N>.png  Linux (AppImage, deb), 16–1024 px
 *   build/icon.png           1024 px, electron-builder's fallback
 *   build/icon.ico           Windows (exe, NSIS installer): 16, 24, 32, 48, 64, 128, 256 px
 *   build/icon.icns          macOS (app, dmg): 16–1024 px, including the @2x sizes
 *   resources/icon.png       512 px, the window icon the main process loads at runtime
 * The outputs are committed; run `npm run icons` after changing the drawing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const svg = readFileSync(join(root, 'build', 'icon.svg'), 'utf8')
const cache = new Map()

/** The drawing as a square PNG of `size` pixels. */
function png(size) {
  if (!cache.has(size)) {
    const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render()
    cache.set(size, Buffer.from(rendered.asPng()))
  }
  return cache.get(size)
}

/** A Windows .ico holding PNG images (Windows Vista and later read them; 256 px is required). */
function ico(sizes) {
  const images = sizes.map(png)
  const header = Buffer.alloc(6 + 16 * sizes.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // 1 = icon
  header.writeUInt16LE(sizes.length, 4)
  let offset = header.length
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry) // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(images[i].length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += images[i].length
  })
  return Buffer.concat([header, ...images])
}

/** A macOS .icns of PNG images: [type, pixel size] pairs (the @2x types hold double-size images). */
function icns(entries) {
  const chunks = entries.map(([type, size]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(8 + png(size).length, 4)
    return Buffer.concat([head, png(size)])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4)
  return Buffer.concat([head, ...chunks])
}

function write(relative, data) {
  const path = join(root, relative)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, data)
  console.log(`${relative} (${Math.round(data.length / 1024)} kB)`)
}

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
const ICNS_ENTRIES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
]

for (const size of LINUX_SIZES) write(`build/icons/${size}x${size}.png`, png(size))
write('build/icon.png', png(1024))
write('build/icon.ico', ico(ICO_SIZES))
write('build/icon.icns', icns(ICNS_ENTRIES))
write('resources/icon.png', png(512))

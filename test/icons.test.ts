/**
 * The icons in build/ and resources/ (made by scripts/make-icons.mjs from build/icon.svg, committed):
 * every size each OS needs is there, and each image really has its size.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, RUNTIME_ICON } from './support/paths'

const build = (file: string): Buffer => readFileSync(join(REPO_ROOT, 'build', file))

/** Width and height of a PNG image (its IHDR chunk). */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a')
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('app icons', () => {
  it('Linux: build/icons/<N>x<N>.png from 16 to 1024 px, each of its size', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(build(`icons/${size}x${size}.png`)), `${size}x${size}.png`).toEqual([size, size])
    }
    expect(pngSize(build('icon.png'))).toEqual([1024, 1024])
  })

  it('Windows: build/icon.ico holds 16 to 256 px images', () => {
    const ico = build('icon.ico')
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)]
      const size = ico.readUInt8(entry) || 256
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual([size, size])
      return size
    })
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256])
  })

  it('macOS: build/icon.icns holds 16 to 1024 px images, @2x included', () => {
    const icns = build('icon.icns')
    expect(icns.subarray(0, 4).toString()).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Record<string, number> = {}
    for (let at = 8; at < icns.length;) {
      const [type, length] = [icns.subarray(at, at + 4).toString(), icns.readUInt32BE(at + 4)]
      found[type] = pngSize(icns.subarray(at + 8, at + length))[0]
      at += length
    }
    expect(found).toEqual({ icp4: 16, icp5: 32, icp6: 64, ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512 })
  })

  it('runtime: resources/icon.png, 512 px, for the windows', () => {
    expect(pngSize(readFileSync(RUNTIME_ICON))).toEqual([512, 512])
  })

  it('the drawing they come from is the project’s own SVG', () => {
    expect(build('icon.svg').toString()).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/)
  })
})

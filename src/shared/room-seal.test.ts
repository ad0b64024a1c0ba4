import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Handshakes } from '../host/room/seal'
import { ROLE_IDS } from './roles'
import { createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto'
import { x25519 as nobleX25519 } from '@noble/curves/ed25519.js'
import { SEALED_BYTES, SEALED_CHARS, seal, toBase64url, unseal } from './room-seal'
import { agree, claimed, claimIdOf, commitmentOf, keyPair, x25519 } from './room-handshake'

/** The room's seal (room-seal.ts): the key agreement, the claim's key, sealed messages of one length. */
const pair = () => keyPair(randomBytes(32))
type Pair = ReturnType<typeof pair>

describe('X25519 as the phone computes it', () => {
  const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))
  it('gives RFC 7748’s answers (§6.1), and the same as @noble/curves’ x25519 and node:crypto’s', () => {
    const a = hex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a')
    const b = hex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb')
    expect(Buffer.from(x25519.getPublicKey(a)).toString('hex')).toBe('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a')
    expect(Buffer.from(x25519.getPublicKey(b)).toString('hex')).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f')
    expect(Buffer.from(x25519.getSharedSecret(a, x25519.getPublicKey(b))).toString('hex')).toBe(
      '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    )
    const jwk = (pub: Uint8Array, d?: Uint8Array) => ({ kty: 'OKP', crv: 'X25519', x: toBase64url(pub), ...(d ? { d: toBase64url(d) } : {}) })
    for (let i = 0; i < 10; i++) {
      const [k, other] = [randomBytes(32), nobleX25519.getPublicKey(randomBytes(32))]
      const mine = x25519.getSharedSecret(k, other)
      expect(mine).toEqual(nobleX25519.getSharedSecret(k, other))
      const native = diffieHellman({
        privateKey: createPrivateKey({ key: jwk(x25519.getPublicKey(k), k), format: 'jwk' }),
        publicKey: createPublicKey({ key: jwk(other), format: 'jwk' }),
      })
      expect(Buffer.from(mine)).toEqual(native)
    }
  })
})

describe('a phone that joins by name', () => {
  it('agrees the same key and code as the host; an eavesdropper with both public keys has neither', () => {
    const phone = pair()
    const hosts = new Handshakes()
    const hostPub = Buffer.from(hosts.hello('t', commitmentOf(phone.pub)), 'base64url')
    const onHost = hosts.finish('t', toBase64url(phone.pub))!
    const onPhone = agree(phone.secret, phone.pub, hostPub, hostPub)!
    expect(onHost.code).toMatch(/^\d{6}$/)
    expect(onPhone).toEqual(onHost)
    // What crossed the network: the commitment, both public keys. None of them is, or gives, the key.
    const seen = [commitmentOf(phone.pub), toBase64url(phone.pub), toBase64url(hostPub)]
    expect(seen).not.toContain(toBase64url(onHost.key))
    // A third party with its own secret and both public keys agrees something else.
    const eve = pair()
    expect(agree(eve.secret, phone.pub, hostPub, hostPub)?.key).not.toEqual(onHost.key)
  })

  it('a device in the middle (its own key towards each side) ends with other keys and, but for 1 in 10⁶, other codes on the two screens', () => {
    // Seeded keys: the same 50 tries each run (by chance 1 in 10⁶ of them would show the same code).
    const seeded = (i: number, who: string) => keyPair(createHash('sha256').update(`${who} ${i}`).digest())
    let sameCode = 0
    for (let i = 0; i < 50; i++) {
      const [phone, mitm1, mitm2, host] = ['phone', 'mitm1', 'mitm2', 'host'].map((w) => seeded(i, w)) as [Pair, Pair, Pair, Pair]
      const phoneSide = agree(phone.secret, phone.pub, mitm1.pub, mitm1.pub)!
      const hostSide = agree(host.secret, mitm2.pub, host.pub, mitm2.pub)!
      expect(phoneSide.key).not.toEqual(hostSide.key)
      if (phoneSide.code === hostSide.code) sameCode++
    }
    expect(sameCode).toBe(0)
  })

  it('the host takes only the key the phone committed to, once; a point of small order or a damaged key agrees nothing', () => {
    const phone = pair()
    const hosts = new Handshakes()
    hosts.hello('t', commitmentOf(phone.pub))
    // Another key than the committed one (a device in the middle choosing its key after seeing the host's): refused, and
    // the real phone's key still agrees (whoever read its token cannot spoil its handshake); once only.
    expect(hosts.finish('t', toBase64url(pair().pub))).toBeNull()
    expect(hosts.finish('t', toBase64url(phone.pub))).not.toBeNull()
    expect(hosts.finish('t', toBase64url(phone.pub))).toBeNull()
    hosts.hello('u', commitmentOf(phone.pub))
    expect(hosts.finish('u', 'not base64url!')).toBeNull()
    const zero = new Uint8Array(32)
    const host = pair()
    expect(agree(host.secret, zero, host.pub, zero)).toBeNull()
    expect(agree(host.secret, new Uint8Array(31), host.pub, new Uint8Array(31))).toBeNull()
    // The order-8 point of curve25519 (RFC 7748's list of small-order inputs).
    const small = Buffer.from('e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800', 'hex')
    hosts.hello('v', commitmentOf(small))
    expect(hosts.finish('v', toBase64url(small))).toBeNull()
  })
})

describe('a phone that claims its seat with a personal QR code', () => {
  it('sends a claim id that is neither the secret nor the key; the key comes from the secret alone', () => {
    const secret = randomBytes(24).toString('base64url')
    const id = claimIdOf(secret)
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(id).not.toBe(secret)
    expect(claimIdOf(secret)).toBe(id)
    const k = claimed(secret)
    expect(k).toEqual(claimed(secret))
    expect(toBase64url(k.key)).not.toContain(id)
    expect(claimed(`${secret}x`).key).not.toEqual(k.key)
    expect(k.code).toMatch(/^\d{6}$/)
  })
})

describe('a sealed message', () => {
  const key = randomBytes(32)
  const nonce = () => randomBytes(24)

  it('opens with its key and binding only, and not once changed on the way', () => {
    const value = { seat: 3, name: 'Anna', role: 'mafia', partners: [5] }
    const s = seal(key, value, 'game 1', nonce())
    expect(unseal(key, s, 'game 1')).toEqual(value)
    expect(unseal(randomBytes(32), s, 'game 1')).toBeNull()
    expect(unseal(key, s, 'game 2')).toBeNull()
    const flipped = Buffer.from(s, 'base64url')
    flipped[40] = flipped[40]! ^ 1
    expect(unseal(key, flipped.toString('base64url'), 'game 1')).toBeNull()
    expect(unseal(key, s.slice(0, -4), 'game 1')).toBeNull()
    // The same value twice: two different messages (a fresh nonce each).
    expect(seal(key, value, 'game 1', nonce())).not.toBe(s)
  })

  it('is SEALED_CHARS long whatever it holds, up to the longest a seat can have; longer is refused', () => {
    const longestRole = [...ROLE_IDS].sort((a, b) => b.length - a.length)[0]!
    // 60 characters outside the BMP (4 bytes each), and control characters JSON escapes (6 bytes each).
    const names = ['A', '𝓐'.repeat(30), '\u0001'.repeat(60)]
    const lengths = new Set<number>()
    for (const name of names)
      for (const partners of [null, [], Array.from({ length: 59 }, (_, i) => 59 - i)])
        for (const role of [null, 'citizen', longestRole]) lengths.add(seal(key, { seat: 59, name, role, partners }, 'game 1700000000000', nonce()).length)
    expect([...lengths]).toEqual([SEALED_CHARS])
    expect(() => seal(key, { name: 'x'.repeat(SEALED_BYTES) }, 'game 1', nonce())).toThrow(/longer than/)
  })
})

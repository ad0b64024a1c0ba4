/**
 * The phone host's relay, run inside the private LAN's phone namespace (scripts/lan-sandbox):
 * `ip netns exec nf-phone node test/support/lan-relay.mjs SOCKET`. It listens on a Unix socket
 * (a path: the file system is shared across network namespaces) and, for each connection, reads
 * one line "HOST PORT", opens a TCP connection to HOST:PORT from this namespace, and joins the two.
 * So a test in the laptop's namespace gets sockets that reach the laptop from the phone's address,
 * as a phone on the Wi-Fi would (test/support/lan.ts). Prints "ready" once listening.
 */
import { createConnection, createServer } from 'node:net'
import { rmSync } from 'node:fs'

const path = process.argv[2]
if (!path) {
  console.error('usage: lan-relay.mjs SOCKET')
  process.exit(2)
}
rmSync(path, { force: true })
const server = createServer((local) => {
  let head = Buffer.alloc(0)
  const onData = (chunk) => {
    head = Buffer.concat([head, chunk])
    const nl = head.indexOf(10)
    if (nl < 0) {
      if (head.length > 300) local.destroy()
      return
    }
    local.off('data', onData)
    local.pause()
    const [host, port] = head.subarray(0, nl).toString('utf8').trim().split(' ')
    const rest = head.subarray(nl + 1)
    const remote = createConnection({ host, port: Number(port) }, () => {
      if (rest.length > 0) remote.write(rest)
      local.pipe(remote)
      remote.pipe(local)
      local.resume()
    })
    const end = () => {
      local.destroy()
      remote.destroy()
    }
    remote.on('error', end).on('close', end)
    local.on('error', end).on('close', end)
  }
  local.on('data', onData)
  local.on('error', () => local.destroy())
})
server.listen(path, () => console.log('ready'))
process.on('SIGTERM', () => process.exit(0))

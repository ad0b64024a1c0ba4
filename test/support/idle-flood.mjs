/**
 * A stranger's idle sockets (the room's tests and bench; a child process, so that its own file
 * descriptors are not the host's): argv host port count localAddress. Opens `count` TCP connections
 * to host:port from localAddress (a loopback address of its own, 127.0.0.2), as fast as it can,
 * sends nothing on any, and keeps every one open until the server closes it. Tells its parent
 * { kind: 'opened', opened, refused, errors, open } once all are tried, then { kind: 'open', open, peak }
 * whenever asked ('count'), and exits when told ('stop').
 */
import { connect } from 'node:net'

const [host, portText, countText, localAddress] = process.argv.slice(2)
const port = Number(portText)
const count = Number(countText)
const BATCH = 500
let opened = 0
let errors = 0
let closedByServer = 0
let open = 0
let peak = 0
const sockets = new Set()

function one() {
  return new Promise((done) => {
    const s = connect({ host, port, localAddress })
    let connected = false
    s.once('connect', () => {
      connected = true
      opened++
      open++
      peak = Math.max(peak, open)
      sockets.add(s)
      done()
    })
    s.on('error', () => {})
    s.once('close', () => {
      sockets.delete(s)
      if (connected) {
        open--
        closedByServer++
      } else {
        errors++
        done()
      }
    })
  })
}

for (let i = 0; i < count; i += BATCH) await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, one))
process.send({ kind: 'opened', opened, errors, closedByServer, open, peak })
process.on('message', (m) => {
  if (m === 'count') process.send({ kind: 'open', opened, errors, closedByServer, open, peak })
  if (m === 'stop') {
    for (const s of sockets) s.destroy()
    process.exit(0)
  }
})

// What one small socket message costs on this machine, without Socket.IO or HTTP: 500 loopback
// TCP connections in one Node process, each server-side socket writing a 300-byte message per
// round (like a broadcast), the client sides reading them. Prints µs per message (write + read).
// `node tests/load/loopback-cost.mjs` — the floor under any WebSocket fan-out here (README, Performance).
import net from 'node:net';

const N = 500;
const MSG = Buffer.alloc(300, 97);
const server = net.createServer();
const accepted = [];
server.on('connection', (s) => {
  s.setNoDelay(true);
  accepted.push(s);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address();
for (let i = 0; i < N; i++) net.connect(port, '127.0.0.1').on('data', () => {});
while (accepted.length < N) await new Promise((r) => setTimeout(r, 20));

let messages = 0;
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
while (Number(process.hrtime.bigint() - t0) < 3e9) {
  for (const s of accepted) s.write(MSG);
  messages += N;
  await new Promise((r) => setImmediate(r));
}
const cpu = process.cpuUsage(cpu0);
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(
  `${messages} messages in ${seconds.toFixed(2)} s: ${((seconds * 1e6) / messages).toFixed(1)} µs each (CPU: user ${(cpu.user / 1e6).toFixed(2)} s, kernel ${(cpu.system / 1e6).toFixed(2)} s)`,
);
process.exit(0);

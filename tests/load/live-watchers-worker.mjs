// The live room bench's watchers, in a thread of their own (so receiving 1,000 sockets' pushes is
// not timed against the server's event loop). Plain JavaScript: worker threads don't inherit tsx.
// In: workerData {urls, saleId, count} (socket i connects to urls[i % urls.length]); messages {type:'want', seq}, {type:'close'}.
// Out: {type:'joined', joined}, {type:'reached', seq, times} (each socket's first arrival at or
// after `seq`, epoch ms from performance.timeOrigin), when every socket has heard it (or after 10 s).
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { urls, saleId, count } = workerData;
const now = () => performance.timeOrigin + performance.now();
const heard = []; // per socket: [{seq, at}]
const sockets = [];
let wanted = null;
let timer = null;

function firstAt(list, seq) {
  for (const h of list) if (h.seq >= seq) return h.at;
  return null;
}
function check(final) {
  if (wanted == null) return;
  const times = heard.map((list) => firstAt(list, wanted));
  if (!final && times.some((t) => t == null)) return;
  clearTimeout(timer);
  const seq = wanted;
  wanted = null;
  for (let i = 0; i < heard.length; i++) heard[i] = heard[i].filter((h) => h.seq > seq);
  parentPort.postMessage({ type: 'reached', seq, times: times.filter((t) => t != null) });
}

async function open(i) {
  const socket = io(urls[i % urls.length], { transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  heard[i] = [];
  socket.on('live:state', (state) => {
    heard[i].push({ seq: state.seq, at: now() });
    check(false);
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(30_000).emitWithAck('live:join', { sale_id: saleId });
  return ack.ok === true;
}

let joined = 0;
for (let i = 0; i < count; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(i + k)));
  joined += batch.filter(Boolean).length;
}
parentPort.postMessage({ type: 'joined', joined });
parentPort.on('message', (m) => {
  if (m.type === 'want') {
    wanted = m.seq;
    timer = setTimeout(() => check(true), 10_000);
    check(false);
  } else if (m.type === 'close') {
    for (const s of sockets) s.disconnect();
    parentPort.close();
  }
});

import { parentPort, workerData } from 'node:worker_threads';
import { WatcherPool } from './watchers.js';

/**
 * The watchers of a load run in a thread of their own (so receiving 5,000 sockets' events does
 * not slow the bidders' loop). Messages in: {type:'ack', bidId, at}, {type:'settle', expected},
 * {type:'results'}, {type:'close'}. Out: {type:'connected', connected}, {type:'settled'},
 * {type:'results', results, buckets, count, sum, min, max}.
 */
const { targets, items, count } = workerData as { targets: string[]; items: number[]; count: number };
const pool = new WatcherPool(targets, items, count);
const port = parentPort!;
void pool.connect().then((connected) => port.postMessage({ type: 'connected', connected }));
port.on('message', (m: { type: string; bidId?: number; at?: number | null; expected?: [number, number][] }) => {
  if (m.type === 'ack') pool.ack(m.bidId!, m.at ?? null);
  else if (m.type === 'settle') {
    const expected = new Map(m.expected);
    const until = Date.now() + 5000;
    const tick = () => {
      if (Date.now() < until && pool.receivedBelow(expected)) setTimeout(tick, 50);
      else port.postMessage({ type: 'settled' });
    };
    tick();
  } else if (m.type === 'results') {
    const h = pool.fanoutLatency;
    port.postMessage({ type: 'results', results: pool.results(), state: h.exportState() });
  } else if (m.type === 'close') {
    pool.close();
    port.close();
  }
});

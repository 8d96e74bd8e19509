import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// The self-hosted ALTCHA widget without inline workers (our CSP allows scripts from 'self'
// only), with the proof-of-work workers built by Vite as same-origin files.
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) globalThis.$altcha.algorithms.set(name, () => new Pbkdf2Worker());
for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(name, () => new ShaWorker());

/** Marker export: importing this module defines `<altcha-widget>`. */
export const altchaLoaded = true;

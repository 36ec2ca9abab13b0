// The seats this browser holds, kept across reloads, closed tabs and a
// crashed browser: every seat by its resume code (so two rooms never clash),
// with its room, name, grace, when the page last heard the server, and the
// game as the page saw it.
//
// localStorage is the working copy: synchronous, and whole across a reload.
// But Chromium writes it to disk late (a few seconds after a change, and at
// most about once a minute after the first few), so a browser killed in the
// middle of a game, or a phone whose battery dies, loses what changed since:
// the seat a student joined with a minute ago. Every change is therefore
// mirrored, within a moment, to IndexedDB, whose transactions reach the
// disk as they complete; on opening, the page takes that copy back first.
// Without IndexedDB (some private modes), localStorage alone.

import { looksLikeResumeCode } from './protocol.js';

const SEATS_KEY = 'wordgame.seats';
const DATABASE = 'wordgame';
const STORE = 'kept';
/** A burst of changes (a pair's close writes several) goes to IndexedDB as one write, this long after the first. */
const MIRROR_DELAY_MS = 300;

let mirrorTimer = 0;

/** The database, opened once; null where IndexedDB is missing or refused. */
const database = new Promise((resolve) => {
  try {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  } catch {
    resolve(null);
  }
});

function mirror() {
  if (mirrorTimer) return;
  mirrorTimer = setTimeout(async () => {
    mirrorTimer = 0;
    const db = await database;
    if (!db) return;
    try {
      db.transaction(STORE, 'readwrite').objectStore(STORE).put(seats.read(), SEATS_KEY);
    } catch { /* closing, or full: localStorage still has it */ }
  }, MIRROR_DELAY_MS);
}

/** IndexedDB's copy of the seats, or null when there is none. */
async function mirrored() {
  const db = await database;
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(SEATS_KEY);
      request.onsuccess = () => resolve(request.result && typeof request.result === 'object' ? request.result : null);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

export const seats = {
  read() {
    try {
      const all = JSON.parse(localStorage.getItem(SEATS_KEY) ?? '{}');
      return all && typeof all === 'object' ? all : {};
    } catch { return {}; }
  },
  write(all) {
    try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch { /* private mode, full: no resume after a reload */ }
    mirror();
  },
  /**
   * On opening the page: a seat IndexedDB kept that localStorage lost (the browser died before writing
   * it), or kept fresher, comes back. A seat only localStorage has stays: a reload keeps it whole.
   */
  async recover() {
    const kept = await mirrored();
    if (!kept) return;
    const all = this.read();
    let changed = false;
    for (const [code, seat] of Object.entries(kept)) {
      const here = all[code];
      if (seat && typeof seat === 'object' && (!here || (Number(seat.seenAt) || 0) > (Number(here.seenAt) || 0))) {
        all[code] = seat;
        changed = true;
      }
    }
    if (changed) this.write(all);
  },
  /** Seats whose grace may still run, the others forgotten. */
  live() {
    const all = this.read();
    const now = Date.now();
    for (const [code, seat] of Object.entries(all)) {
      const valid = seat && looksLikeResumeCode(code) && Number.isFinite(seat.seenAt) && Number.isFinite(seat.grace);
      if (!valid || now - seat.seenAt > seat.grace * 1000) delete all[code];
    }
    this.write(all);
    return all;
  },
  save(seat) {
    const all = this.read();
    all[seat.code] = seat;
    this.write(all);
  },
  update(code, change) {
    const all = this.read();
    if (!all[code]) return;
    Object.assign(all[code], change);
    this.write(all);
  },
  remove(code) {
    const all = this.read();
    delete all[code];
    this.write(all);
  },
};

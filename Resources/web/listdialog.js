// The teacher's "Word lists…" dialog (host page, between games): a list of
// the teacher's own words, made in the browser. The teacher names it, says
// its two languages (or lets a header row say them), pastes two columns or
// chooses a file, and sees the server's preview (CHECK): how many pairs it
// read, and every line it did not read, with its number and why. Save (SAVE)
// makes it a list of this server at once, for every room, and the key that
// lets this browser replace or delete it is kept here (wordlists.js).
//
// One upload at a time, in two steps: UPLOAD, and once the server has
// opened it (OK UPLOAD: the name may be taken, the page may not be a host's)
// its lines and CHECK or SAVE. The server's reply (SKIPPED … END SKIPPED,
// UPLOADED, LISTKEY, OK CHECK / OK SAVE, or an ERROR) is read in order, and
// a dropped link forgets the upload (the server forgets it too). Everything
// from the network enters the page as text (textContent), never as HTML.

import { LANGUAGE_NAMES } from './languages.js';
import { languagePair, quote, typedText, withoutCommands } from './protocol.js';
import {
  decodeFile, FILE_BYTES, FILE_TYPES, fileTitle, isListName, jsonListLines, linesOf, listKeys, listSlug, looksLikeJSON,
  skippedWhy, uploadCommands,
} from './wordlists.js';

const $ = (id) => document.getElementById(id);

/**
 * The errors that answer UPLOAD, LINE, CHECK, SAVE or DELETE (Protocol.md §3, and §4 "Word lists"): taken as
 * the pending command's answer, said in the dialog. Any other ERROR (a RULES, START or control of the page's
 * answered meanwhile) is not the dialog's: the page reads it as always.
 */
const LIST_ERRORS = new Set([
  'bad-argument', 'not-in-room', 'not-host', 'list-taken', 'too-many-lists', 'server-full', 'no-upload',
  'upload-too-big', 'bad-list', 'list-in-use', 'list-not-saved',
]);

/**
 * The dialog. `send(line)` sends a line (false when the link is down), `ask(question, yes, then)` asks first,
 * `useList(name)` makes a list the next game's (RULES LIST), `refreshLists()` asks the server for its lists.
 */
export class WordListsDialog {
  constructor({ send, ask, useList, refreshLists }) {
    this.send = send;
    this.ask = ask;
    this.useList = useList;
    this.refreshLists = refreshLists;
    /**
     * The upload or DELETE waiting for its answer: {kind, name, lines (sent once the upload is open), opened,
     * tooBig (the ERROR a LINE past the limits got: CHECK's or SAVE's own ERROR follows), skipped, uploaded}.
     */
    this.pending = null;
    /** The text the preview on show was made from: a change makes it out of date. */
    this.previewed = null;
    this.lists = [];
    this.saved = null;
    this.wire();
  }

  get open() { return $('lists-dialog').open; }

  wire() {
    $('l-file').setAttribute('accept', FILE_TYPES);
    $('language-names').replaceChildren(...LANGUAGE_NAMES.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
    $('l-title').addEventListener('input', () => this.drawName());
    $('lists-form').addEventListener('input', (event) => {
      if (event.target.id === 'l-file') return;
      this.problem('');
      this.drawStale();
    });
    // A paste is the usual way in: its preview comes by itself, once the text is in the box.
    $('l-text').addEventListener('paste', () => setTimeout(() => this.check(), 0));
    $('l-file').addEventListener('change', () => this.readFile($('l-file').files?.[0]));
    $('lists-check').addEventListener('click', () => this.check());
    $('lists-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.upload('SAVE');
    });
    $('lists-close').addEventListener('click', () => $('lists-dialog').close());
    $('lists-use').addEventListener('click', () => {
      if (!this.saved) return;
      this.useList(this.saved.name);
      $('lists-dialog').close();
    });
  }

  show() {
    this.problem('');
    this.drawName();
    this.drawButtons();
    $('lists-dialog').showModal();
    $('l-title').focus();
    this.refreshLists();
  }

  close() {
    if (this.open) $('lists-dialog').close();
  }

  /** The list's name as the server gets it: the slug of what the teacher typed. */
  name() {
    return listSlug(typedText($('l-title').value));
  }

  drawName() {
    const typed = typedText($('l-title').value);
    const name = this.name();
    const mine = name && listKeys.get(name);
    const taken = this.lists.find((list) => list.name === name);
    let text = '';
    if (typed && !name) text = 'Use Latin letters or digits in the name: it is how Rules… lists it.';
    else if (name && mine && taken) text = `Saved as ${name}: this replaces your list ${name}.`;
    else if (name && taken) text = `Saved as ${name}: that name is taken on this server; choose another.`;
    else if (name) text = `Saved as ${name}`;
    $('l-name').textContent = text;
    $('l-name').classList.toggle('problem', Boolean(typed && !name) || Boolean(taken && !mine));
  }

  drawStale() {
    const stale = this.previewed !== null && this.previewed !== this.textNow();
    $('l-preview').classList.toggle('stale', stale);
    $('l-stale').hidden = !stale;
    this.drawButtons();
  }

  drawButtons() {
    const busy = this.pending !== null;
    $('lists-check').disabled = busy;
    $('lists-save').disabled = busy;
    $('lists-check').textContent = busy && this.pending.kind === 'CHECK' ? 'Reading…' : 'Preview';
    $('lists-save').textContent = busy && this.pending.kind === 'SAVE' ? 'Saving…' : 'Save';
    $('lists-use').hidden = !this.saved || this.saved.text !== this.textNow();
  }

  problem(text) {
    $('lists-problem').textContent = text;
    $('lists-problem').hidden = !text;
  }

  /** What would be sent now: the fields and the text, to know whether the preview on show is still theirs. */
  textNow() {
    return JSON.stringify([$('l-from').value, $('l-to').value, $('l-text').value]);
  }

  /**
   * A file chosen: read here, never sent as a file. A JSON list (the original format or the server's) becomes
   * tab lines in the box, its languages in their fields; any other file is text (UTF-8, UTF-16 or Windows-1252).
   * The list's name comes from the file's when none is typed. Then its preview.
   */
  async readFile(file) {
    if (!file) return;
    const named = `${file.name}:`;
    if (file.size > FILE_BYTES) {
      this.problem(`${named} ${Math.ceil(file.size / 1024)} KiB is too big for a word list (at most ${FILE_BYTES / 1024 / 1024} MiB).`);
      return;
    }
    let text;
    try {
      text = decodeFile(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      this.problem(`${named} it could not be read (${error.message}).`);
      return;
    }
    let from = '';
    let to = '';
    if (looksLikeJSON(file.name, text)) {
      const read = jsonListLines(text);
      if (read.problem) {
        this.problem(`${named} ${read.problem}.`);
        return;
      }
      ({ from, to } = read);
      text = read.lines.join('\n');
    }
    $('l-text').value = text;
    if (from && !$('l-from').value) $('l-from').value = from;
    if (to && !$('l-to').value) $('l-to').value = to;
    if (!typedText($('l-title').value)) $('l-title').value = fileTitle(file.name);
    $('l-file').value = '';
    this.drawName();
    this.check();
  }

  check() {
    this.upload('CHECK');
  }

  /** Sends the text for the server to read: CHECK for the preview, SAVE to keep it. */
  upload(finish) {
    if (this.pending) return;
    const lines = linesOf($('l-text').value);
    const title = typedText($('l-title').value);
    const name = this.name();
    if (lines.length === 0) { this.problem('Paste your pairs in the box, or choose a file.'); $('l-text').focus(); return; }
    if (finish === 'SAVE' && !title) { this.problem('Give the list a name.'); $('l-title').focus(); return; }
    if (title && !isListName(name)) {
      this.problem('Use Latin letters or digits in the name: it is how Rules… lists it.');
      $('l-title').focus();
      return;
    }
    this.problem('');
    const from = typedText($('l-from').value);
    const to = typedText($('l-to').value);
    // The preview needs a name too (UPLOAD's first word): a name not typed yet, or another's list's (which
    // the server would refuse before reading a line), is a stand-in, never saved; Save says whose it is.
    const taken = this.lists.some((list) => list.name === name) && !listKeys.get(name);
    const sentName = finish === 'CHECK' && (!name || taken) ? 'preview' : name;
    const key = listKeys.get(sentName);
    const [open, ...rest] = uploadCommands({ name: sentName, from, to, key, lines, finish });
    this.pending = { kind: finish, name: sentName, lines: rest, opened: false, tooBig: null, skipped: [], uploaded: null,
      text: this.textNow() };
    this.sendOrGiveUp([open]);
    this.drawButtons();
  }

  /** Sends the lines of the pending upload; if the link is down, the upload is over and the dialog says so. */
  sendOrGiveUp(lines) {
    for (const line of lines) {
      if (this.send(line)) continue;
      this.pending = null;
      this.problem('Not connected: try again when the connection is back.');
      return;
    }
  }

  /** Deletes a list this browser saved (its key), once the teacher said yes. */
  remove(name) {
    const key = listKeys.get(name);
    if (!key || this.pending) return;
    this.ask(`Delete the word list ${name}? It cannot be undone. A room whose rules name it must choose another list first.`,
      'Delete', () => {
        if (this.pending) return;
        this.pending = { kind: 'DELETE', name };
        if (!this.send(`DELETE ${name} ${quote(key)}`)) {
          this.pending = null;
          this.problem('Not connected: try again when the connection is back.');
        }
        this.drawButtons();
      });
  }

  /** The link dropped: the server forgot the upload, so does the page (the teacher presses again). */
  dropped() {
    if (!this.pending) return;
    this.pending = null;
    this.problem('The connection dropped while the list was being sent: press again once it is back.');
    this.drawButtons();
  }

  /** The server's lists (LIST lines, LISTS): the dialog says which names are taken, and which are this browser's. */
  takeLists(lists) {
    this.lists = lists;
    // A key kept for a list the server no longer has is of no use.
    const kept = listKeys.read();
    for (const name of Object.keys(kept)) {
      if (!lists.some((list) => list.name === name && list.kind === 'SAVED')) listKeys.remove(name);
    }
    this.drawMine();
    this.drawName();
  }

  drawMine() {
    const mine = this.lists.filter((list) => list.kind === 'SAVED' && listKeys.get(list.name));
    $('l-mine').hidden = mine.length === 0;
    $('l-mine-title').textContent = `Lists saved from this browser (${mine.length})`;
    $('l-mine-list').replaceChildren(...mine.map((list) => {
      const li = document.createElement('li');
      const what = document.createElement('span');
      what.className = 'l-mine-what';
      what.textContent = `${list.name} · ${languagePair(list.from, list.to)} · ${list.pairs} pair${list.pairs === 1 ? '' : 's'}`;
      const replace = document.createElement('button');
      replace.type = 'button';
      replace.textContent = 'Replace…';
      replace.setAttribute('aria-label', `Replace ${list.name} with the text above`);
      replace.addEventListener('click', () => {
        $('l-title').value = list.name;
        if (!$('l-from').value) $('l-from').value = list.from;
        if (!$('l-to').value) $('l-to').value = list.to;
        this.drawName();
        $('l-text').focus();
      });
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'danger';
      remove.textContent = 'Delete…';
      remove.setAttribute('aria-label', `Delete ${list.name}…`);
      remove.addEventListener('click', () => this.remove(list.name));
      li.append(what, replace, remove);
      return li;
    }));
  }

  /**
   * A line from the server: true when it answered the dialog's upload or DELETE (the projector does not need
   * it). `whole` is the block it ended, if any (BlockReader's, read once by the page for everyone).
   */
  take(m, whole) {
    const pending = this.pending;
    if (m.type === 'SKIPPED') return Boolean(pending);
    if (whole?.block === 'SKIPPED' && pending) {
      pending.skipped = whole.lines;
      return true;
    }
    if (!pending) return false;
    if (m.type === 'OK' && m.what === 'UPLOAD' && pending.lines && !pending.opened) {
      // The upload is open: its lines, then CHECK or SAVE, in one go (an open upload's lines are not paced).
      pending.opened = true;
      this.sendOrGiveUp(pending.lines);
      this.drawButtons();
      return true;
    }
    // A LINE past the upload's limits: the server discards the rest, and CHECK's or SAVE's answer is an ERROR too.
    if (m.type === 'ERROR' && m.code === 'upload-too-big' && pending.opened && !pending.tooBig) {
      pending.tooBig = m;
      return true;
    }
    if (m.type === 'UPLOADED') { pending.uploaded = m; return true; }
    if (m.type === 'LISTKEY') {
      if (isListName(m.name)) listKeys.save(m.name, m.key);
      pending.key = m.key;
      return true;
    }
    if (m.type === 'OK' && m.what === pending.kind) {
      this.pending = null;
      this.finished(pending);
      this.drawButtons();
      return true;
    }
    // An error the list commands can get is the answer; any other is another command's (the page's to read).
    if (m.type === 'ERROR' && LIST_ERRORS.has(m.code)) {
      this.pending = null;
      this.refused(pending, pending.tooBig ?? m);
      this.drawButtons();
      return true;
    }
    return false;
  }

  finished(pending) {
    if (pending.kind === 'DELETE') {
      listKeys.remove(pending.name);
      this.saved = null;
      this.showSummary(`Deleted the list ${pending.name}.`, [], 0);
      this.refreshLists();
      return;
    }
    const read = pending.uploaded;
    if (!read) return;
    const languages = read.from && read.to ? languagePair(read.from, read.to) : 'no languages named yet';
    const pairs = `${read.pairs} pair${read.pairs === 1 ? '' : 's'}`;
    const skipped = read.skipped === 0 ? 'every line read' : `${read.skipped} line${read.skipped === 1 ? '' : 's'} not read`;
    if (pending.kind === 'SAVE') {
      this.showSummary(`Saved ${read.name}: ${pairs}, ${languages}, ${skipped}. Every room of this server can choose it in Rules….`,
        pending.skipped, read.skipped);
      this.refreshLists();
    } else {
      this.showSummary(`${pairs} read · ${languages} · ${skipped}`, pending.skipped, read.skipped);
    }
    // The languages a header row named go in their fields, as what the next Save sends: the text is the same.
    const changed = pending.text !== this.textNow();
    if (read.from && !typedText($('l-from').value)) $('l-from').value = read.from;
    if (read.to && !typedText($('l-to').value)) $('l-to').value = read.to;
    this.previewed = changed ? pending.text : this.textNow();
    this.saved = pending.kind === 'SAVE' ? { name: read.name, text: this.previewed } : null;
    this.drawStale();
  }

  refused(pending, m) {
    const text = withoutCommands(m.text);
    if (pending.kind === 'DELETE') { this.problem(text); return; }
    this.saved = null;
    this.problem(pending.kind === 'SAVE' ? `Not saved: ${text}` : text);
    // The lines the server named before it refused (a list with no pair read says why each line was not).
    if (pending.skipped.length > 0) this.showSummary('Nothing was read:', pending.skipped, pending.skipped.length);
  }

  /** The preview: a sentence, then each line not read, with its number, why, and what it holds. */
  showSummary(text, skipped, count) {
    $('l-preview').hidden = false;
    $('l-summary').textContent = text;
    $('l-skipped-box').hidden = skipped.length === 0;
    $('l-skipped-rows').replaceChildren(...skipped.map((line) => {
      const tr = document.createElement('tr');
      const cells = [String(line.line), skippedWhy(line.why), line.text.replace(/\t/g, ' ⇥ ')];
      cells.forEach((value, index) => {
        const td = document.createElement('td');
        td.textContent = value;
        if (index === 2) td.setAttribute('dir', 'auto');
        tr.append(td);
      });
      return tr;
    }));
    const more = count - skipped.length;
    $('l-more').hidden = more <= 0;
    $('l-more').textContent = more > 0 ? `and ${more} more line${more === 1 ? '' : 's'} not read` : '';
    // On a short screen the preview is below the pairs: brought into sight, above the buttons.
    $('l-preview').scrollIntoView({ block: 'nearest' });
  }
}

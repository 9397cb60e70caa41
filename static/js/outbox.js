// The outbox and the drafts, in IndexedDB (no service worker needed): deals saved on this
// device that the server has not confirmed yet, in the order they were entered, each with
// its idempotency key; and the half-typed form of each table, so that a reload loses nothing.

// Each queued deal and each draft belongs to the user who entered it (``user``: his id as the
// table page's ``data-user`` gives it, ``userName``: his name as the site shows it): a tablet
// passes from referee to referee, and nobody sends or sees another's deals as his own.
// Version 2 keys the drafts by table and user; the drafts of version 1 (whose author nobody
// knows) are dropped, the queued deals of version 1 are kept (``ownerOf`` gives them "").
const VERSION = 2;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export async function openStore(indexedDB = globalThis.indexedDB, name = "referee-offline") {
  const open = indexedDB.open(name, VERSION);
  open.onupgradeneeded = (event) => {
    const db = open.result;
    if (event.oldVersion < 1) {
      const outbox = db.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
      outbox.createIndex("table", "table");
    }
    if (db.objectStoreNames.contains("drafts")) db.deleteObjectStore("drafts");
    db.createObjectStore("drafts", { keyPath: ["table", "user"] });
  };
  return new Store(await request(open));
}

// Whose a queued deal is: the id of the user who entered it, "" for one queued before the
// outbox recorded it.
export function ownerOf(entry) {
  return entry.user == null ? "" : String(entry.user);
}

// A table's queued deals as the signed-in ``user`` sees them: ``mine`` (his, in order: they
// are sent and shown as pending) and ``aside``: one group per other author, in the order of
// their first deal ({user, name, entries}; user "" for the deals of nobody known).
export function partition(entries, user) {
  const me = user == null ? "" : String(user);
  const mine = [];
  const groups = new Map();
  for (const entry of entries) {
    const owner = ownerOf(entry);
    if (owner !== "" && owner === me) {
      mine.push(entry);
      continue;
    }
    if (!groups.has(owner)) groups.set(owner, { user: owner, name: entry.userName || "", entries: [] });
    groups.get(owner).entries.push(entry);
  }
  return { mine, aside: [...groups.values()] };
}

export class Store {
  constructor(db) {
    this.db = db;
  }

  async _run(storeName, mode, work) {
    const tx = this.db.transaction(storeName, mode);
    const result = await work(tx.objectStore(storeName));
    await done(tx);
    return result;
  }

  // -- the outbox: {id, table, url, key, fields: [[name, value]], user, userName, state,
  //    error, createdAt}

  add(entry) {
    const item = { state: "pending", error: null, createdAt: Date.now(), ...entry };
    return this._run("outbox", "readwrite", (s) => request(s.add(item)));
  }

  async list(table) {
    const items = await this._run("outbox", "readonly", (s) =>
      request(s.index("table").getAll(table)),
    );
    return items.sort((a, b) => a.id - b.id);
  }

  get(id) {
    return this._run("outbox", "readonly", (s) => request(s.get(id)));
  }

  put(entry) {
    return this._run("outbox", "readwrite", (s) => request(s.put(entry)));
  }

  remove(id) {
    return this._run("outbox", "readwrite", (s) => request(s.delete(id)));
  }

  // The deals of nobody known become ``user``'s, when he says he entered them.
  async claim(table, user, userName) {
    for (const entry of await this.list(table)) {
      if (ownerOf(entry) === "") await this.put({ ...entry, user: String(user), userName });
    }
  }

  // -- drafts: {table, user, fields}, one per table and user

  saveDraft(table, user, fields) {
    const draft = { table, user: String(user), fields };
    return this._run("drafts", "readwrite", (s) => request(s.put(draft)));
  }

  async loadDraft(table, user) {
    const key = [table, String(user)];
    const found = await this._run("drafts", "readonly", (s) => request(s.get(key)));
    return found ? found.fields : null;
  }

  clearDraft(table, user) {
    return this._run("drafts", "readwrite", (s) => request(s.delete([table, String(user)])));
  }
}

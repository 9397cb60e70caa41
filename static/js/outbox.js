// The outbox and the drafts, in IndexedDB (no service worker needed): deals saved on this
// device that the server has not confirmed yet, in the order they were entered, each with
// its idempotency key; and the half-typed form of each table, so that a reload loses nothing.

const VERSION = 1;

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
  open.onupgradeneeded = () => {
    const db = open.result;
    const outbox = db.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
    outbox.createIndex("table", "table");
    db.createObjectStore("drafts", { keyPath: "table" });
  };
  return new Store(await request(open));
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

  // -- the outbox: {id, table, url, key, fields: [[name, value]], state, error, createdAt}

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

  // -- drafts: {table, fields}

  saveDraft(table, fields) {
    return this._run("drafts", "readwrite", (s) => request(s.put({ table, fields })));
  }

  async loadDraft(table) {
    const found = await this._run("drafts", "readonly", (s) => request(s.get(table)));
    return found ? found.fields : null;
  }

  clearDraft(table) {
    return this._run("drafts", "readwrite", (s) => request(s.delete(table)));
  }
}

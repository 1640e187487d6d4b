/**
 * The sort orders of the embedded index: every live slot in each order the feed offers, with each slot's position
 * (its rank). A page of a filtered, sorted query is then either a walk down the order (when most documents match)
 * or the matches' ranks set in a bitset and read back in order (when few do): no comparison at query time.
 *
 * Ties break as in the PostgreSQL index: date (newest first) then id. Title and company orders compare lower-cased
 * keys. The descending orders of title and company, and the ascending date order, are the primary order with its
 * groups of equal keys reversed, so ties keep their own order.
 */
export type OrderName = 'dateDesc' | 'dateAsc' | 'titleAsc' | 'titleDesc' | 'companyAsc' | 'companyDesc';

export interface SortColumns {
  live(slot: number): boolean;
  date: Float64Array;
  id: string[];
  titleKey: string[];
  companyKey: string[];
}

export interface Order {
  slots: Int32Array;
  /** rank[slot] = position of slot in `slots` (meaningful for live slots only). */
  rank: Int32Array;
}

type Primary = 'date' | 'title' | 'company';

interface PrimaryState {
  slots: Int32Array;
  /** Position in the added-slot log up to which this order has merged. */
  seen: number;
  /** Derived orders (ranks, the reversed order) are valid for this many merges. */
  built: number;
  merges: number;
  needsFullSort: boolean;
}

const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class SortOrders {
  /** Slots added since the oldest order last merged (a slot removed meanwhile is skipped at merge). */
  private log: number[] = [];
  private logBase = 0;
  private readonly primaries: Record<Primary, PrimaryState> = {
    date: this.fresh(),
    title: this.fresh(),
    company: this.fresh(),
  };
  private readonly cache = new Map<OrderName, Order & { built: number }>();
  private capacity = 0;
  private mark = new Uint8Array(0);

  constructor(private readonly cols: SortColumns) {}

  private fresh(): PrimaryState {
    return { slots: new Int32Array(0), seen: 0, built: -1, merges: 0, needsFullSort: true };
  }

  /** A slot was added (or reused) since the last merge; removals need no call (merges skip dead slots). */
  added(slot: number): void {
    this.log.push(slot);
  }

  /** Every order is built from scratch on next use (after a bulk load or clear). */
  reset(): void {
    this.log = [];
    this.logBase = 0;
    for (const p of Object.values(this.primaries)) Object.assign(p, this.fresh());
    this.cache.clear();
  }

  resize(capacity: number): void {
    this.capacity = capacity;
    if (this.mark.length < capacity) this.mark = new Uint8Array(capacity);
  }

  /** The primary orders as they stand (for snapshots); merges everything pending first. */
  exportPrimaries(): Record<Primary, Int32Array> {
    return {
      date: this.primary('date').slots,
      title: this.primary('title').slots,
      company: this.primary('company').slots,
    };
  }

  /** Loads primary orders saved by exportPrimaries (they must hold exactly the live slots). */
  importPrimaries(orders: Record<Primary, Int32Array>): void {
    this.reset();
    for (const name of ['date', 'title', 'company'] as const) {
      const p = this.primaries[name];
      p.slots = orders[name];
      p.needsFullSort = false;
      p.seen = 0;
    }
  }

  get(name: OrderName): Order {
    const primary: Primary = name.startsWith('date')
      ? 'date'
      : name.startsWith('title')
        ? 'title'
        : 'company';
    const p = this.primary(primary);
    const hit = this.cache.get(name);
    if (hit && hit.built === p.merges) return hit;
    const reversed = name === 'dateAsc' || name === 'titleDesc' || name === 'companyDesc';
    const slots = reversed ? this.reverseGroups(p.slots, primary) : p.slots;
    const rank = new Int32Array(Math.max(this.capacity, 1));
    for (let i = 0; i < slots.length; i++) rank[slots[i]!] = i;
    const order = { slots, rank, built: p.merges };
    this.cache.set(name, order);
    return order;
  }

  private compare(primary: Primary): (a: number, b: number) => number {
    const { date, id, titleKey, companyKey } = this.cols;
    const byDate = (a: number, b: number) => date[b]! - date[a]! || cmpStr(id[a]!, id[b]!);
    if (primary === 'date') return byDate;
    const key = primary === 'title' ? titleKey : companyKey;
    return (a, b) => cmpStr(key[a]!, key[b]!) || byDate(a, b);
  }

  /** The primary order with every slot added since its last merge in place, and removed slots gone. */
  private primary(name: Primary): PrimaryState {
    const p = this.primaries[name];
    const end = this.logBase + this.log.length;
    if (!p.needsFullSort && p.seen === end) return p;
    const cmp = this.compare(name);
    const pendingCount = end - p.seen;
    if (p.needsFullSort || pendingCount > Math.max(1024, p.slots.length / 4)) {
      const slots: number[] = [];
      for (let s = 0; s < this.capacity; s++) if (this.cols.live(s)) slots.push(s);
      p.slots = Int32Array.from(slots).sort(cmp);
      p.needsFullSort = false;
    } else {
      const mark = this.mark;
      const added: number[] = [];
      for (let i = p.seen - this.logBase; i < this.log.length; i++) {
        const s = this.log[i]!;
        if (mark[s]) continue;
        mark[s] = 1;
        if (this.cols.live(s)) added.push(s);
      }
      added.sort(cmp);
      // Merge: existing live slots not re-added, in their order, with the added ones in theirs.
      const old = p.slots;
      const out = new Int32Array(old.length + added.length);
      let k = 0;
      let j = 0;
      for (let i = 0; i < old.length; i++) {
        const s = old[i]!;
        if (mark[s] || !this.cols.live(s)) continue;
        while (j < added.length && cmp(added[j]!, s) < 0) out[k++] = added[j++]!;
        out[k++] = s;
      }
      while (j < added.length) out[k++] = added[j++]!;
      for (let i = p.seen - this.logBase; i < this.log.length; i++) mark[this.log[i]!] = 0;
      p.slots = k === out.length ? out : out.slice(0, k);
    }
    p.seen = end;
    p.merges++;
    this.trimLog();
    return p;
  }

  /** Forgets the part of the log every order has merged; an order far behind sorts afresh instead. */
  private trimLog(): void {
    const end = this.logBase + this.log.length;
    let min = end;
    for (const p of Object.values(this.primaries)) {
      if (p.needsFullSort) continue;
      if (end - p.seen > Math.max(4096, this.capacity / 4)) p.needsFullSort = true;
      else min = Math.min(min, p.seen);
    }
    if (min > this.logBase) {
      this.log = this.log.slice(min - this.logBase);
      this.logBase = min;
    }
  }

  private reverseGroups(slots: Int32Array, primary: Primary): Int32Array {
    const { date, titleKey, companyKey } = this.cols;
    const same =
      primary === 'date'
        ? (a: number, b: number) => date[a] === date[b]
        : primary === 'title'
          ? (a: number, b: number) => titleKey[a] === titleKey[b]
          : (a: number, b: number) => companyKey[a] === companyKey[b];
    const out = new Int32Array(slots.length);
    let k = 0;
    let end = slots.length;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && same(slots[start - 1]!, slots[end - 1]!)) start--;
      for (let i = start; i < end; i++) out[k++] = slots[i]!;
      end = start;
    }
    return out;
  }
}

/** Small in-process caches for derived, read-only answers. */

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One value recomputed at most every `ttlMs`; concurrent callers share one computation. */
export class TtlValue<V> {
  private value: { at: number; promise: Promise<V> } | null = null;
  constructor(private readonly ttlMs: number) {}

  get(compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    if (this.value && now - this.value.at < this.ttlMs) return this.value.promise;
    const promise = compute();
    const entry = { at: now, promise };
    this.value = entry;
    // A failure is not cached.
    promise.catch(() => {
      if (this.value === entry) this.value = null;
    });
    return promise;
  }
}

/** A least-recently-used cache on a Map (whose iteration order is insertion order). */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The cached value for `key`, computing and caching it when missing. */
  getOrCreate(key: K, create: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = create();
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    return value;
  }

  /** Number of cached entries. */
  get size(): number {
    return this.map.size;
  }
}

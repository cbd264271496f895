/**
 * A Map that forgets its oldest entries beyond `maxEntries`: memory stays bounded whatever
 * strangers or long-running group chats do.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }
}

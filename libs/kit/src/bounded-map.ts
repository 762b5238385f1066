/**
 * A Map that holds at most `max` entries: adding a new key when full drops the oldest (the first in
 * insertion order). For caches whose entries stay true and whose loss only costs recomputing them;
 * to keep an entry fresh, delete and set it again.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

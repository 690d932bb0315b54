/**
 * A value built from a cached object once, and the same frozen value for as long as that
 * object lives: an answer made from a cache entry then stays one object, which its route
 * writes once (`sendUnchangedData`). A new entry (the cache reloaded or invalidated) gets a
 * new value.
 */
export function builtOncePer<Key extends object, Value extends object>(
  build: (key: Key) => Value,
): (key: Key) => Readonly<Value> {
  const values = new WeakMap<Key, Readonly<Value>>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = Object.freeze(build(key));
      values.set(key, value);
    }
    return value;
  };
}

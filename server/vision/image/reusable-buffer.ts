/**
 * A growable Float64Array handed out again on every call. A hot loop that would allocate one per
 * call (an alignment judges hundreds of grids) allocates outside the JavaScript heap each time, and
 * that memory is what triggers full garbage collections. Only for synchronous code that writes
 * every element it reads.
 */
export function reusableFloat64Array(): (length: number) => Float64Array {
  let buffer = new Float64Array(0);
  return (length) => {
    if (buffer.length < length) buffer = new Float64Array(length);
    return buffer;
  };
}

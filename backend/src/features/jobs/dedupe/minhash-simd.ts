/**
 * The MinHash of fingerprint.ts with WebAssembly SIMD: four seeds a lane, sixteen a pass over the shingle hashes
 * (issue 26: the MinHash was the largest single function of a seed's CPU profile, about a seventh of the duplicate
 * check). The same minima as the scalar loop, always: per seed, the least murmur3 finaliser of (hash ^ seed), as
 * signed 32-bit integers (`i32x4.mul` is Math.imul lane by lane, `i32x4.shr_u` is `>>>`, `i32x4.min_s` the signed
 * `<`); minhash-simd.test.ts compares them on random hashes. Null where the runtime has no SIMD (the caller then
 * takes its scalar loop).
 *
 * The module is assembled here, byte by byte, rather than shipped as a binary: ~200 bytes, readable below.
 * Memory layout: the seeds at 0 (`size` × 4 bytes), the minima at 512, the hashes from 1024.
 */

const SEEDS_AT = 0;
const MINS_AT = 512;
const HASHES_AT = 1024;
const PAGE = 65_536;
/** Seed vectors (four seeds each) a pass over the hashes keeps in registers. */
const LANES = 4;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** Signed LEB128 of a small integer (i32.const). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (s: string) => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

// Instructions used.
const I32 = 0x7f;
const V128 = 0x7b;
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const tee = (i: number) => [0x22, ...uleb(i)];
const i32const = (n: number) => [0x41, ...sleb(n)];
const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
const memarg = (align: number, offset: number) => [...uleb(align), ...uleb(offset)];
const v128load = (offset: number) => simd(0x00, ...memarg(4, offset));
const v128store = (offset: number) => simd(0x0b, ...memarg(4, offset));
const load32splat = (offset: number) => simd(0x09, ...memarg(2, offset));
const v128const4 = (lane: number) => {
  const bytes: number[] = [];
  for (let i = 0; i < 4; i++) for (let b = 0; b < 4; b++) bytes.push((lane >>> (8 * b)) & 0xff);
  return simd(0x0c, ...bytes);
};
const XOR = simd(0x51);
const SHR_U = simd(0xad);
const MUL = simd(0xb5);
const MIN_S = simd(0xb6);

/**
 * pass(n, off): for the four seed vectors at byte `off` (sixteen seeds), the least mix(hash ^ seed) over the `n`
 * hashes at HASHES_AT, stored at MINS_AT + off. n ≥ 1.
 */
function passFunction(): number[] {
  // Locals: 0 n, 1 off (params); 2 p, 3 end (i32); 4 h, 5 t, 6 k1, 7 k2, then LANES seeds and LANES minima (v128).
  const [N, OFF, P, END, H, T, K1, K2] = [0, 1, 2, 3, 4, 5, 6, 7];
  const seed = (i: number) => 8 + i;
  const min = (i: number) => 8 + LANES + i;
  const code: number[] = [];
  for (let i = 0; i < LANES; i++) code.push(...get(OFF), ...v128load(SEEDS_AT + 16 * i), ...set(seed(i)));
  code.push(...v128const4(0x7fffffff), ...set(min(0)));
  for (let i = 1; i < LANES; i++) code.push(...get(min(0)), ...set(min(i)));
  code.push(...v128const4(0x85ebca6b), ...set(K1), ...v128const4(0xc2b2ae35), ...set(K2));
  code.push(...i32const(HASHES_AT), ...set(P));
  code.push(
    ...get(N),
    ...i32const(2),
    0x74 /* i32.shl */,
    ...i32const(HASHES_AT),
    0x6a /* i32.add */,
    ...set(END),
  );
  code.push(0x03, 0x40); // loop
  code.push(...get(P), ...load32splat(0), ...set(H));
  for (let i = 0; i < LANES; i++) {
    // a = h ^ seed; a = imul(a ^ a >>> 16, k1); a = imul(a ^ a >>> 13, k2); a ^= a >>> 16; min = min_s(min, a)
    code.push(...get(H), ...get(seed(i)), ...XOR, ...tee(T));
    code.push(...get(T), ...i32const(16), ...SHR_U, ...XOR, ...get(K1), ...MUL, ...tee(T));
    code.push(...get(T), ...i32const(13), ...SHR_U, ...XOR, ...get(K2), ...MUL, ...tee(T));
    code.push(...get(T), ...i32const(16), ...SHR_U, ...XOR);
    code.push(...get(min(i)), ...MIN_S, ...set(min(i)));
  }
  code.push(...get(P), ...i32const(4), 0x6a /* i32.add */, ...tee(P), ...get(END), 0x49 /* i32.lt_u */);
  code.push(0x0d, 0x00); // br_if 0 (the loop)
  code.push(0x0b); // end loop
  for (let i = 0; i < LANES; i++) code.push(...get(OFF), ...get(min(i)), ...v128store(MINS_AT + 16 * i));
  code.push(0x0b); // end function
  const locals = vec([
    [...uleb(2), I32],
    [...uleb(4 + 2 * LANES), V128],
  ]);
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec([[I32], [I32]]), ...vec([])]])), // type 0: (i32, i32) -> ()
    ...section(3, vec([[0x00]])), // function 0 has type 0
    ...section(5, vec([[0x00, 0x01]])), // memory 0: one page, growable
    ...section(
      7,
      vec([
        [...name('pass'), 0x00, 0x00],
        [...name('memory'), 0x02, 0x00],
      ]),
    ),
    ...section(10, vec([passFunction()])),
  ]);
}

export type MinhashOf = (hashes: Int32Array) => number[];

/** A MinHash over `seeds` (a multiple of 16, at most 128) with WebAssembly SIMD, or null without it. */
export function simdMinhash(seeds: Int32Array): MinhashOf | null {
  if (seeds.length % (4 * LANES) !== 0 || seeds.length * 4 > MINS_AT - SEEDS_AT) return null;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()));
  } catch {
    return null; // no SIMD in this runtime
  }
  const pass = instance.exports.pass as (n: number, off: number) => void;
  const memory = instance.exports.memory as WebAssembly.Memory;
  let heap = new Int32Array(memory.buffer);
  heap.set(seeds, SEEDS_AT / 4);
  const size = seeds.length;
  return (hashes) => {
    const n = hashes.length;
    if (n === 0) return new Array<number>(size).fill(0x7fffffff);
    const bytes = HASHES_AT + n * 4;
    if (bytes > memory.buffer.byteLength) {
      memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
      heap = new Int32Array(memory.buffer);
    }
    heap.set(hashes, HASHES_AT / 4);
    for (let off = 0; off < size * 4; off += 16 * LANES) pass(n, off);
    const mins = new Array<number>(size);
    for (let i = 0; i < size; i++) mins[i] = heap[MINS_AT / 4 + i]!;
    return mins;
  };
}

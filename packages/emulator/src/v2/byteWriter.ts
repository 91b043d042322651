// Writes ASCII-heavy answers straight into a Buffer: UUIDs, local timestamps and prepared fragments, no strings.
import { DAY_MS, HOUR_MS, MINUTE_MS, formatDay, formatOffset } from '../world/calendar.ts';
import { hash32, mix32 } from '../world/prng.ts';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const ZERO = 48;

export class ByteWriter {
  buf: Buffer;
  pos = 0;
  private readonly days = new Map<number, Buffer>();
  private readonly offsets = new Map<number, Buffer>();

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  bytes(b: Buffer): void {
    this.ensure(b.length);
    b.copy(this.buf, this.pos);
    this.pos += b.length;
  }

  /** A non-negative integer in decimal. */
  int(n: number): void {
    this.ensure(16);
    if (n < 10) {
      this.buf[this.pos++] = ZERO + n;
      return;
    }
    const s = String(n);
    this.pos += this.buf.write(s, this.pos, 'latin1');
  }

  private hex32(x: number, digits: number): void {
    const b = this.buf;
    for (let shift = (digits - 1) * 4; shift >= 0; shift -= 4)
      b[this.pos++] = HEX[(x >>> shift) & 15] ?? ZERO;
  }

  /** The same UUID as world.feedbackId(seed, index), written as 36 bytes. */
  uuid(seed: number, index: number): void {
    this.ensure(36);
    const a = hash32(seed, index, 1);
    const b = mix32((a ^ 0x68e31da4) >>> 0);
    const c = mix32((b + 0x1b56c4e9) >>> 0);
    const d = mix32((c ^ 0xb5297a4d) >>> 0);
    const buf = this.buf;
    this.hex32(a, 8);
    buf[this.pos++] = 45;
    this.hex32(b >>> 16, 4);
    buf[this.pos++] = 45;
    buf[this.pos++] = 52; // version 4
    this.hex32(b & 0xfff, 3);
    buf[this.pos++] = 45;
    this.hex32(0x8000 | ((c >>> 16) & 0x3fff), 4);
    buf[this.pos++] = 45;
    this.hex32(c & 0xffff, 4);
    this.hex32(d, 8);
  }

  private two(n: number): void {
    this.buf[this.pos++] = ZERO + Math.floor(n / 10);
    this.buf[this.pos++] = ZERO + (n % 10);
  }

  /** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of an instant at an offset (minutes). */
  timestamp(utcMs: number, offsetMinutes: number): void {
    this.ensure(29);
    const local = utcMs + offsetMinutes * MINUTE_MS;
    const day = Math.floor(local / DAY_MS);
    let date = this.days.get(day);
    if (!date) this.days.set(day, (date = Buffer.from(formatDay(day), 'latin1')));
    date.copy(this.buf, this.pos);
    this.pos += date.length;
    let rest = local - day * DAY_MS;
    const h = Math.floor(rest / HOUR_MS);
    rest -= h * HOUR_MS;
    const mi = Math.floor(rest / MINUTE_MS);
    rest -= mi * MINUTE_MS;
    const s = Math.floor(rest / 1000);
    const ms = rest - s * 1000;
    const buf = this.buf;
    buf[this.pos++] = 84; // T
    this.two(h);
    buf[this.pos++] = 58;
    this.two(mi);
    buf[this.pos++] = 58;
    this.two(s);
    buf[this.pos++] = 46;
    buf[this.pos++] = ZERO + Math.floor(ms / 100);
    this.two(ms % 100);
    let off = this.offsets.get(offsetMinutes);
    if (!off) this.offsets.set(offsetMinutes, (off = Buffer.from(formatOffset(offsetMinutes), 'latin1')));
    off.copy(buf, this.pos);
    this.pos += off.length;
  }

  result(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

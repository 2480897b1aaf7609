// A minimal ZIP writer (PKWARE APPNOTE 6.3: local headers, deflated data, central directory) for export downloads.
import { crc32, deflateRawSync } from 'node:zlib';

export type ZipEntry = Readonly<{ name: string; data: Buffer }>;

/** DOS date and time of `date` (the zip format's timestamp, 2-second resolution, local time). */
function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** What the local and the central header of an entry both record about it. */
type EntryFields = Readonly<{ time: number; day: number; crc: number; packed: number; size: number; name: Buffer }>;

/** From "version needed" to "file name length": the 24 bytes the local and the central header share, at `at`. */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields): void {
  header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  header.writeUInt16LE(0x0800, at + 2); // flags: names are UTF-8
  header.writeUInt16LE(8, at + 4); // method: deflate
  header.writeUInt16LE(fields.time, at + 6);
  header.writeUInt16LE(fields.day, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.packed, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.name.length, at + 22);
}

/** One zip archive holding `entries` (deflated, UTF-8 names, flat or with `/` folders); sizes below 4 GiB. */
export function zipArchive(entries: readonly ZipEntry[], modified = new Date()): Buffer {
  const { time, day } = dosTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const fields = { time, day, crc: crc32(entry.data) >>> 0, packed: packed.length, size: entry.data.length, name };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

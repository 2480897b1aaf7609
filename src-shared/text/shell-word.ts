// A path or argument as one word a POSIX shell or cmd.exe reads back unchanged: quoted when it holds a space or a
// shell character, so a printed command can be pasted as it is.
const PLAIN = /^[\w@%+=:,./\\-]+$/;

export function shellWord(value: string): string {
  if (PLAIN.test(value)) return value;
  // Double quotes work in both shells; inside them only ", $, ` and \ are special to POSIX shells.
  return `"${value.replace(/(["$`\\])/g, '\\$1')}"`;
}

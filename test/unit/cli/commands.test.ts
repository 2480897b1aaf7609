import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src-main/cli/commands';

describe('the command list', () => {
  it('names each command as the command names itself, once', async () => {
    const loaded = await Promise.all(COMMANDS.map((entry) => entry.load()));
    expect(loaded.map((command) => command.name)).toEqual(COMMANDS.map((entry) => entry.name));
    expect(new Set(COMMANDS.map((entry) => entry.name)).size).toBe(COMMANDS.length);
  }, 60_000); // loads every command's module graph from the sources
});

// Test helper: a copy of the example whose `local` connection and judge both point at a (fake) server URL.
import { copyExample } from './workspace';

export function exampleOn(url: string, edit: (text: string) => string = (text) => text): string {
  return copyExample({
    'aieval.yaml': (text) =>
      edit(
        text.replace('http://localhost:11434', url).replace(/judge:\n {2}provider: \w+/, 'judge:\n  provider: local'),
      ),
  });
}

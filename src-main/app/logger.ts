// Where the service writes what it has to say outside a call's answer: the console under the CLI and serve, the
// Electron main process's log in the app.
export type Logger = Readonly<{
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}>;

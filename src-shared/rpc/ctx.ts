// The per-call context every shell passes to the router.
export type Ctx = Readonly<{ transport: 'ipc' | 'http' | 'in-process' | 'cli' }>;

// The statuses every screen shows the same way (see StatusBadge).
export type Status =
  'pass' | 'fail' | 'degraded' | 'skipped' | 'running' | 'cancelled' | 'error' | 'unscored' | 'pending';

/** A person's verdict on an answer (the labeling workbench, a result's annotation), with its mark. */
export const VERDICT_WORDS = { pass: '✓ Pass', fail: '✕ Fail', defer: '… Defer' } as const;

// The statuses every screen shows the same way (see StatusBadge).
export type Status =
  'pass' | 'fail' | 'degraded' | 'skipped' | 'running' | 'cancelled' | 'error' | 'unscored' | 'pending';

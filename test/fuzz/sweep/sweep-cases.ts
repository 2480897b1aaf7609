// Every case of the hostile sweep, area by area.
import { CASES as ENVELOPES } from './cases-envelopes';
import { CASES as SECRETS } from './cases-secrets';
import { CASES as VALIDATE } from './cases-validate';
import { CASES as USER_FILES } from './cases-user-files';
import { CASES as CLI } from './cases-cli';
import type { SweepCase } from './sweep-kit';

export const SWEEP_CASES: readonly SweepCase[] = [...ENVELOPES, ...SECRETS, ...VALIDATE, ...USER_FILES, ...CLI];

// Small schemas shared by every workspace file: ids, semver, metadata.
import { z } from 'zod';
import { string } from './fields';

export const snakeId = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case: lower-case letters, digits and underscores, starting with a letter');

export const semver = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, 'must be a semantic version such as 1.2.0');

/** Free-form extensions: the one place where any key is allowed. */
export const metadata = z
  .record(string, z.unknown())
  .describe('Free-form extensions; the only place unknown keys are allowed.');

// Attack: a provider that repeats the API key in an error or in its answer; the key must reach none of the store,
// --json, JUnit, envelopes, logs, the API's answers, the cassette, a labels file, or the judge's provider.
import { describe } from 'vitest';
import { sweepArea } from './sweep-area';

describe('secrets in what is stored and sent', () => sweepArea('secrets'));

// Attack: forged or broken envelopes and shard bundles (an edited verdict, total or manifest, a missing samples file,
// another workspace's bundles) must be refused whole, the store unchanged; an imported verdict is always recomputed.
import { describe } from 'vitest';
import { sweepArea } from './sweep-area';

describe('forged envelopes and shard bundles', () => sweepArea('envelopes'));

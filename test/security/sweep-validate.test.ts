// Attack: workspaces that validate but crash a run or make it skip silently (names every object has, llm_judge checks
// with nothing to judge, target_match typos, a cassette that is not one, every target disabled, an unattached gate
// judge, regexes RE2 would match otherwise), and judge scores outside their scale.
import { describe } from 'vitest';
import { sweepArea } from './sweep-area';

describe('validate refuses what run refuses', () => sweepArea('validate'));

// The type of the engine layering rule (engine-layers.js), for the test that plants imports against it.
import type { Rule } from 'eslint';

export declare const engineLayers: Rule.RuleModule;

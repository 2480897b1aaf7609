import type * as ajv from 'ajv';
import type * as ajv2019 from 'ajv/dist/2019';
import type * as ajv2020 from 'ajv/dist/2020';
import type * as re2js from 're2js';

declare const load: Readonly<{
  ajv: () => typeof ajv;
  ajv2019: () => typeof ajv2019;
  ajv2020: () => typeof ajv2020;
  re2js: () => typeof re2js;
}>;
export = load;

import type * as ajv from 'ajv';

declare const loadAjv: () => typeof ajv;
export = loadAjv;

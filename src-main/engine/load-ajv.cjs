// ajv, loaded at its first call: requires inside functions, which the bundles keep lazy (an import would be evaluated
// at every command's start, for the workspaces with a json_schema check and the envelope exports).
module.exports = {
  ajv: () => require('ajv'),
  ajv2019: () => require('ajv/dist/2019'),
  ajv2020: () => require('ajv/dist/2020'),
};

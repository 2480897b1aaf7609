// Libraries only some workspaces need, loaded at their first call: a require inside a function stays lazy in the
// bundles, where an import is evaluated at every command's start. ajv serves json_schema checks and envelope checks,
// RE2JS the workspace's regexes.
module.exports = {
  ajv: () => require('ajv'),
  ajv2019: () => require('ajv/dist/2019'),
  ajv2020: () => require('ajv/dist/2020'),
  re2js: () => require('re2js'),
};

// ajv, loaded at its first call: a require inside a function, which the CLI's bundle keeps lazy (an import would be
// evaluated at every command's start, for the workspaces with a json_schema check and the envelope exports).
module.exports = () => require('ajv');

// ajv, loaded at its first call: a require inside a function, which the CLI's bundle keeps lazy (an import would be
// evaluated at start-up by every command, for the few workspaces that have a json_schema check).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this require is the file's purpose
module.exports = () => require('ajv');

// The engine's layering as one allow-list (as VS Code's code-layering rule does): for each room of src-main/engine, the
// rooms and core layers of src-main it may import. An import of anything else of src-main is an error, and so is a room
// the table does not know, so a new room takes its floor in the table before its first import.
import { dirname, relative, resolve, sep } from 'node:path';

/** `engine/<room>` or the core layer (`store`, `paths`…) a resolved path lies in; undefined outside src-main. */
function placeOf(srcMain, path) {
  const parts = relative(srcMain, path).split(sep);
  if (parts[0] === '..' || parts[0] === '') return undefined;
  if (parts[0] === 'engine') return parts.length > 2 ? `engine/${parts[1]}` : 'engine';
  return parts[0].replace(/\.[cm]?[jt]sx?$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export const engineLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Each engine room imports only what its row of the layering table allows (docs/ARCHITECTURE.md).',
    },
    schema: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }],
    messages: {
      notAllowed:
        '{{from}} may import {{allowed}} of src-main; {{to}} is not on its row of the engine layering table (eslint.config.js).',
      unknownRoom: '{{from}} has no row in the engine layering table (eslint.config.js): give it its floor first.',
    },
  },
  create(context) {
    const table = context.options[0] ?? {};
    const srcMain = resolve(context.cwd, 'src-main');
    const from = placeOf(srcMain, context.filename);
    if (!from?.startsWith('engine/')) return {};
    const allowed = table[from.slice('engine/'.length)];
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      if (!allowed) return context.report({ node, messageId: 'unknownRoom', data: { from } });
      const to = placeOf(srcMain, resolve(dirname(context.filename), source.value));
      if (to === undefined || to === from || allowed.includes(to)) return;
      context.report({
        node,
        messageId: 'notAllowed',
        data: { from, to, allowed: allowed.length ? `only ${allowed.join(', ')}` : 'nothing' },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Web features import each other only through a feature's public entry (issue #11 point 1):
 * `features/<other>` or `features/<other>/index.ts`, never a file inside another feature; a feature's own
 * files import each other freely. A `no-restricted-imports` pattern cannot say this: it sees only the
 * import string, and whether `../slides/SlideTable.tsx` leaves the feature depends on where the
 * importing file sits (`features/auth/steps/` reaches its own feature's root with `../`). So the rule
 * resolves each relative import against the importing file and compares feature folders.
 */
import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const ENTRY = new Set(['', 'index', 'index.ts', 'index.tsx']);

/** The feature a path lies in, and the rest of the path inside it; null outside the web features. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return null;
  const [name, ...rest] = file.slice(at + FEATURES.length).split(path.sep);
  return { root: file.slice(0, at + FEATURES.length), name, inner: rest.join('/') };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Web features import another feature only through its public entry (index.ts).' },
    messages: {
      deepImport:
        "Import '{{feature}}' through its public entry (features/{{feature}}/index.ts), not '{{source}}': features use each other only through their entries, so a feature's inside can change without touching the others.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(path.resolve(context.filename));
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(path.resolve(context.filename)), source));
      if (to && to.root === from.root && to.name !== from.name && !ENTRY.has(to.inner))
        context.report({ node: node.source, messageId: 'deepImport', data: { feature: to.name, source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// The functions, methods and arrow functions of JavaScript files, with their first and last lines, as JSON lines
// ({path, name, line, end}), found by TypeScript's parser (tests/interop's pinned typescript).
// Usage: node js_functions.mjs TYPESCRIPT_MODULE FILE...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [typescriptPath, ...files] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(typescriptPath);

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return '(anonymous)';
}

for (const path of files) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const line = lineOf(node.getStart(source)),
        end = lineOf(node.getEnd());
      console.log(JSON.stringify({ path, name: nameOf(node), line, end }));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

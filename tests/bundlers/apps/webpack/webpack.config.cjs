// webpack's defaults, and the page that runs the bundle.
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

module.exports = (env) => ({
  mode: 'production',
  entry: './src/index.js',
  output: { path: env.out, clean: true },
  plugins: [{ apply: (compiler) => compiler.hooks.afterEmit.tap('page', () => {
    mkdirSync(env.out, { recursive: true });
    writeFileSync(join(env.out, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="main.js"></script>');
  }) }],
});

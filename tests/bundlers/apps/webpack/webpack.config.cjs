// webpack's defaults, and the page that runs the bundle (index.html beside this file, copied beside the bundle).
// env.out: the production build's folder; `webpack serve` (run.mjs's dev server) builds in memory, in development.
const { copyFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

module.exports = (env = {}) => ({
  mode: env.out ? 'production' : 'development',
  context: __dirname,
  entry: './src/index.js',
  output: { path: env.out ?? join(__dirname, 'dist'), clean: true },
  devServer: { static: __dirname },
  plugins: [{ apply: (compiler) => compiler.hooks.afterEmit.tap('page', () => {
    if (!env.out) return;
    mkdirSync(env.out, { recursive: true });
    copyFileSync(join(__dirname, 'index.html'), join(env.out, 'index.html'));
  }) }],
});

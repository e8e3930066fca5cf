// Fails fast when a script runs on a Node older than the project's (e.g. after `npm install --ignore-scripts`,
// which leaves the system Node first on PATH instead of the `node` package's binary).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `murmur needs Node >= 24 but this is ${process.version}. Run \`npm ci\` (with install scripts) so the ` +
      'project-local Node in node_modules/.bin is used by npm scripts.',
  );
  process.exit(1);
}

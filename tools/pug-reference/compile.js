// Compiles each Pug file named on the command line (or one per line on stdin
// when none are given) with the reference compiler pug 2.0.4, as vchess does
// (doctype html, no pretty), and prints one JSON object: path -> {html} or
// path -> {error}. fenpress's tests compare their conversion against it.
'use strict';
const fs = require('fs');
const pug = require('pug');

function files() {
  const args = process.argv.slice(2);
  if (args.length > 0) return args;
  return fs.readFileSync(0, 'utf8').split('\n').filter((l) => l.length > 0);
}

const out = {};
for (const file of files()) {
  try {
    const source = fs.readFileSync(file, 'utf8');
    out[file] = { html: pug.render(source, { doctype: 'html', filename: file }) };
  } catch (e) {
    out[file] = { error: String(e && e.message ? e.message : e) };
  }
}
process.stdout.write(JSON.stringify(out));
